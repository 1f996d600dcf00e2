print("newtons")

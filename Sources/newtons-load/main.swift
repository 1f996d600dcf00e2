print("newtons-load")

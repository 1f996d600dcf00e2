// Protocol client.

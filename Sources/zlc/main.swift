print("zlc")

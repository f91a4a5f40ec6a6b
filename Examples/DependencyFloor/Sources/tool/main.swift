import Uses

print(statementCount("let a = 1"))

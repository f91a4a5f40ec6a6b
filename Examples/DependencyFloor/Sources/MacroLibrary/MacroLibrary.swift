/// 1, written by the macro.
@freestanding(expression)
public macro one() -> Int = #externalMacro(module: "Macro", type: "OneMacro")

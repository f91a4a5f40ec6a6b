import GraphInspectCLI

GraphInspectCommand.main()

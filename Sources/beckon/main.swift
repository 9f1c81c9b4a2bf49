import BeckonCLI

BeckonCommand.main()

from hhtools.cli.main import main

main()

from hhtools.cli import main

main()

from pyhost.cli import main

main()

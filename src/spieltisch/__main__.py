from spieltisch.cli import main

raise SystemExit(main())

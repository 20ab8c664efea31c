# Reports of prove, rules, pdb, cube, experiment and connect4 (see i18n.rs).

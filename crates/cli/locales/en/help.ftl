# --help texts of the flags and the parse errors (see i18n.rs).

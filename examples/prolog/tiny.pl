% The course's tiny base: `a, d` is proved, `a, f` is not (f is unknown, read as false).
:- set_prolog_flag(unknown, fail).

a :- b, c.
d :- c.
b.
c.

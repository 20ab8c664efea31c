% The harness that produced the expected answers of tests/conformance.rs:
%   swipl crates/logic/tests/swi/harness.pl -- FILE 'QUERY' LIMIT
% prints each answer as SWI's top level does (X = value with writeq at priority 699,
% true without bindings), program output in between, and 'error: Formal' for an uncaught
% error, and 'syntax error' for a query that does not read. The tests then write
% variables _123 as _.
:- initialization(main, main).
under(N=_) :- sub_atom(N, 0, 1, _, '_').
fmt(N=V, S) :- format(atom(S), "~w = ~W", [N, V, [quoted(true), priority(699), spacing(standard)]]).
show(Bs) :- exclude(under, Bs, Bs1),
    ( Bs1 == [] -> writeln(true)
    ; maplist(fmt, Bs1, Ss), atomic_list_concat(Ss, ', ', A), writeln(A) ).
main :- current_prolog_flag(argv, [File, QText, LimitA]),
    consult(File), atom_number(LimitA, Limit),
    catch(term_string(T, QText, [variable_names(Bs)]), error(syntax_error(_), _),
          ( writeln('syntax error'), halt )),
    nb_setval(count, 0),
    catch(( call(T), show(Bs), nb_getval(count, C0), C is C0+1, nb_setval(count, C), C >= Limit, ! ; true ),
          E, ( ( E = error(F, _) -> true ; F = E ), format("error: ~q~n", [F]) )),
    halt.

% The library, in Prolog: SWI-Prolog's definitions where they fix the order of solutions
% or leave no choicepoint behind.

append([], L, L).
append([H|T], L, [H|R]) :- append(T, L, R).

append(ListOfLists, List) :- '$append_all'(ListOfLists, List).
'$append_all'([], []).
'$append_all'([L|Ls], As) :- append(L, Ws, As), '$append_all'(Ls, Ws).

member(El, [H|T]) :- '$member_'(T, El, H).
'$member_'(_, El, El).
'$member_'([H|T], El, _) :- '$member_'(T, El, H).

memberchk(X, L) :- member(X, L), !.

reverse(Xs, Ys) :- '$reverse'(Xs, [], Ys, Ys).
'$reverse'([], Ys, Ys, []).
'$reverse'([X|Xs], Rs, Ys, [_|Bound]) :- '$reverse'(Xs, [X|Rs], Ys, Bound).

nth0(I, L, E) :- integer(I), !, I >= 0, '$nth_det'(I, L, E).
nth0(I, _, _) :- nonvar(I), !, throw(error(type_error(integer, I), _)).
nth0(I, L, E) :- var(I), !, '$nth_gen'(L, E, 0, I).
nth1(I, L, E) :- integer(I), !, I >= 1, I0 is I-1, '$nth_det'(I0, L, E).
nth1(I, _, _) :- nonvar(I), !, throw(error(type_error(integer, I), _)).
nth1(I, L, E) :- var(I), !, '$nth_gen'(L, E, 1, I).
'$nth_det'(0, [E|_], E) :- !.
'$nth_det'(I, [_|T], E) :- I1 is I-1, '$nth_det'(I1, T, E).
'$nth_gen'(L, E, B, I) :- L = [H|T], '$nth_gen_'(T, H, E, B, I).
'$nth_gen_'(_, E, E, B, B).
'$nth_gen_'([H|T], _, E, B0, I) :- B1 is B0+1, '$nth_gen_'(T, H, E, B1, I).

last([X|Xs], Last) :- '$last_'(Xs, X, Last).
'$last_'([], Last, Last).
'$last_'([X|Xs], _, Last) :- '$last_'(Xs, X, Last).

select(X, [Head|Tail], Rest) :- '$select3_'(Tail, Head, X, Rest).
'$select3_'(Tail, Head, Head, Tail).
'$select3_'([Head2|Tail], Head, X, [Head|Rest]) :- '$select3_'(Tail, Head2, X, Rest).

selectchk(X, L, R) :- select(X, L, R), !.

exclude(_, [], []).
exclude(P, [X|Xs], R) :- ( call(P, X) -> R = R1 ; R = [X|R1] ), exclude(P, Xs, R1).
include(_, [], []).
include(P, [X|Xs], R) :- ( call(P, X) -> R = [X|R1] ; R = R1 ), include(P, Xs, R1).

delete([], _, []).
delete([H|T], X, R) :- ( H \= X -> R = [H|R1] ; R = R1 ), delete(T, X, R1).

subtract([], _, []).
subtract([H|T], L, R) :- ( memberchk(H, L) -> R = R1 ; R = [H|R1] ), subtract(T, L, R1).

permutation([], []).
permutation(L, [H|T]) :- select(H, L, R), permutation(R, T).

list_to_set(L, S) :- '$lts'(L, [], S).
'$lts'([], _, []).
'$lts'([H|T], Seen, R) :- ( memberchk(H, Seen) -> R = R1 ; R = [H|R1] ), '$lts'(T, [H|Seen], R1).

sum_list(L, S) :- '$sum_list'(L, 0, S).
sumlist(L, S) :- '$sum_list'(L, 0, S).
'$sum_list'([], S, S).
'$sum_list'([X|Xs], S0, S) :- S1 is S0+X, '$sum_list'(Xs, S1, S).

max_list([H|T], M) :- '$max_list'(T, H, M).
'$max_list'([], M, M).
'$max_list'([H|T], M0, M) :- M1 is max(M0, H), '$max_list'(T, M1, M).
min_list([H|T], M) :- '$min_list'(T, H, M).
'$min_list'([], M, M).
'$min_list'([H|T], M0, M) :- M1 is min(M0, H), '$min_list'(T, M1, M).

numlist(L, H, []) :- L > H, !.
numlist(L, H, [L|T]) :- L1 is L+1, numlist(L1, H, T).

maplist(_, []).
maplist(G, [X|Xs]) :- call(G, X), maplist(G, Xs).
maplist(_, [], []).
maplist(G, [X|Xs], [Y|Ys]) :- call(G, X, Y), maplist(G, Xs, Ys).
maplist(_, [], [], []).
maplist(G, [X|Xs], [Y|Ys], [Z|Zs]) :- call(G, X, Y, Z), maplist(G, Xs, Ys, Zs).
maplist(_, [], [], [], []).
maplist(G, [X|Xs], [Y|Ys], [Z|Zs], [W|Ws]) :- call(G, X, Y, Z, W), maplist(G, Xs, Ys, Zs, Ws).
maplist(_, [], [], [], [], []).
maplist(G, [X|Xs], [Y|Ys], [Z|Zs], [W|Ws], [V|Vs]) :-
    call(G, X, Y, Z, W, V), maplist(G, Xs, Ys, Zs, Ws, Vs).
maplist(_, [], [], [], [], [], []).
maplist(G, [X|Xs], [Y|Ys], [Z|Zs], [W|Ws], [V|Vs], [U|Us]) :-
    call(G, X, Y, Z, W, V, U), maplist(G, Xs, Ys, Zs, Ws, Vs, Us).

foldl(G, L, V0, V) :- '$foldl'(L, G, V0, V).
'$foldl'([], _, V, V).
'$foldl'([X|Xs], G, V0, V) :- call(G, X, V0, V1), '$foldl'(Xs, G, V1, V).
foldl(G, L1, L2, V0, V) :- '$foldl'(L1, L2, G, V0, V).
'$foldl'([], [], _, V, V).
'$foldl'([X|Xs], [Y|Ys], G, V0, V) :- call(G, X, Y, V0, V1), '$foldl'(Xs, Ys, G, V1, V).
foldl(G, L1, L2, L3, V0, V) :- '$foldl'(L1, L2, L3, G, V0, V).
'$foldl'([], [], [], _, V, V).
'$foldl'([X|Xs], [Y|Ys], [Z|Zs], G, V0, V) :-
    call(G, X, Y, Z, V0, V1), '$foldl'(Xs, Ys, Zs, G, V1, V).

predsort(P, L, Sorted) :- '$psort'(L, P, [], Sorted).
'$psort'([], _, Acc, Acc).
'$psort'([X|Xs], P, Acc, S) :- '$pinsert'(Acc, P, X, Acc1), '$psort'(Xs, P, Acc1, S).
'$pinsert'([], _, X, [X]).
'$pinsert'([Y|Ys], P, X, R) :- call(P, O, X, Y), '$pinsert_'(O, X, Y, Ys, P, R).
'$pinsert_'(<, X, Y, Ys, _, [X,Y|Ys]).
'$pinsert_'(=, _, Y, Ys, _, [Y|Ys]).
'$pinsert_'(>, X, Y, Ys, P, [Y|R]) :- '$pinsert'(Ys, P, X, R).

aggregate_all(count, G, C) :- !, findall(x, G, L), length(L, C).
aggregate_all(count(T), G, C) :- !, findall(T, G, L), length(L, C).
aggregate_all(sum(E), G, S) :- !, findall(E, G, L), sum_list(L, S).
aggregate_all(max(E), G, M) :- !, findall(E, G, L), L \== [], max_list(L, M).
aggregate_all(min(E), G, M) :- !, findall(E, G, L), L \== [], min_list(L, M).
aggregate_all(bag(E), G, L) :- !, findall(E, G, L).
aggregate_all(set(E), G, S) :- !, findall(E, G, L), sort(L, S).

% bagof/3 and setof/3: one solution per binding of the free variables of the goal
% (those neither in the template nor bound by V^Goal), in the standard order of the
% bindings. Witnesses are grouped by ==, which is SWI's variant check for ground ones.
bagof(T, G, L) :-
    '$strip_ex'(G, G0, Ex),
    term_variables(T-Ex, Bound),
    term_variables(G0, All),
    '$subtract_vars'(All, Bound, Free),
    (   Free == []
    ->  findall(T, G0, L), L \== []
    ;   W =.. ['$w'|Free],
        findall(W-T, G0, Pairs), Pairs \== [],
        keysort(Pairs, Sorted),
        '$bag_pick'(Sorted, W, L)
    ).
setof(T, G, S) :- bagof(T, G, L), sort(L, S).
'$strip_ex'(V, V, []) :- var(V), !.
'$strip_ex'(V^G, G0, [V|Vs]) :- !, '$strip_ex'(G, G0, Vs).
'$strip_ex'(G, G, []).
'$subtract_vars'([], _, []).
'$subtract_vars'([V|Vs], B, F) :-
    ( '$var_in'(V, B) -> F = F1 ; F = [V|F1] ),
    '$subtract_vars'(Vs, B, F1).
'$var_in'(V, [W|Ws]) :- ( V == W -> true ; '$var_in'(V, Ws) ).
'$bag_pick'([W0-T0|Rest], W, L) :-
    '$bag_same'(Rest, W0, Ts, Others),
    (   W = W0, L = [T0|Ts]
    ;   Others \== [], '$bag_pick'(Others, W, L)
    ).
% The solutions whose witness is a variant of W0 form one group; their witnesses are
% unified with W0 so that the group shares its variables (ISO 8.10.2.1).
'$bag_same'([], _, [], []).
'$bag_same'([W1-T1|Rs], W0, Ts, Os) :-
    (   W1 =@= W0
    ->  W1 = W0, Ts = [T1|Ts1], Os = Os1
    ;   Ts = Ts1, Os = [W1-T1|Os1]
    ),
    '$bag_same'(Rs, W0, Ts1, Os1).

phrase(G, L) :- phrase(G, L, []).
phrase(G, L, R) :- '$dcg_body'(G, L, R, Goal), call(Goal).

once(G) :- call(G), !.
ignore(G) :- ( call(G) -> true ; true ).
forall(C, A) :- \+ ( call(C), \+ call(A) ).

% The errors name the predicate in their context, as SWI's (written in C) do.
atomic_list_concat(L, A) :-
    '$alc_check'(L, atomic_list_concat/2), '$alc'(L, '', A).
'$alc'([], A, A).
'$alc'([X|Xs], A0, A) :- atom_concat(A0, X, A1), '$alc'(Xs, A1, A).
'$alc_check'(L, P) :- var(L), !, '$alc_throw'(instantiation_error, P).
'$alc_check'([], _) :- !.
'$alc_check'([X|Xs], P) :- !, '$alc_item'(X, P), '$alc_check'(Xs, P).
'$alc_check'(L, P) :- '$alc_throw'(type_error(list, L), P).
'$alc_item'(X, P) :- var(X), !, '$alc_throw'(instantiation_error, P).
'$alc_item'(X, _) :- atomic(X), X \== [], !.
'$alc_item'(X, P) :- '$alc_throw'(type_error(text, X), P).
'$alc_throw'(F, P) :- throw(error(F, context(system:P, _))).
% atomic_list_concat/3: join with a separator, or split an atom at each separator
% when the list is not complete (SWI's split mode).
atomic_list_concat(L, Sep, A) :-
    '$alc_item'(Sep, atomic_list_concat/3),
    (   '$alc_ground'(L)
    ->  '$alc_join'(L, Sep, A)
    ;   Sep == '' -> '$alc_throw'(domain_error(non_empty_atom, Sep), atomic_list_concat/3)
    ;   '$alc_item'(A, atomic_list_concat/3), '$atom_split'(A, Sep, L)
    ).
'$alc_ground'(L) :- is_list(L), '$alc_ground_'(L).
'$alc_ground_'([]).
'$alc_ground_'([X|Xs]) :- nonvar(X), '$alc_ground_'(Xs).
'$alc_join'([], _, '').
'$alc_join'([X|Xs], Sep, A) :-
    '$alc_check'([X|Xs], atomic_list_concat/3), '$alc_join_'(Xs, Sep, X, A).
'$alc_join_'([], _, A0, A) :- atom_concat(A0, '', A).
'$alc_join_'([X|Xs], Sep, A0, A) :- atom_concat(A0, Sep, A1), atom_concat(A1, X, A2),
    '$alc_join_'(Xs, Sep, A2, A).

repeat.
repeat :- repeat.

writeln(X) :- write(X), nl.
writeln(S, X) :- write(S, X), nl(S).
print(S, X) :- '$check_stream'(S), print(X).
nl(S) :- '$check_stream'(S), nl.
write(S, X) :- '$check_stream'(S), write(X).
writeq(S, X) :- '$check_stream'(S), writeq(X).
write_canonical(S, X) :- '$check_stream'(S), write_canonical(X).
write_term(S, X, Opts) :- '$check_stream'(S), write_term(X, Opts).
format(S, F, A) :- '$check_stream'(S), !, format(F, A).
'$check_stream'(S) :- var(S), !, throw(error(instantiation_error, _)).
'$check_stream'(user_output) :- !.
'$check_stream'(user_error) :- !.
'$check_stream'(S) :- atom(S), !, throw(error(existence_error(stream, S), _)).
'$check_stream'(S) :- S = atom(_), !, fail.
'$check_stream'(S) :- throw(error(domain_error(stream_or_alias, S), _)).
current_output(user_output).
current_input(user_input).

% with_output_to/2: Goal's output, captured, given to Sink (atom/1, string/1, codes/1,
% chars/1); Goal runs as once/1, and its output is dropped when it fails or raises.
with_output_to(Sink, _) :- var(Sink), !, throw(error(instantiation_error, _)).
with_output_to(Sink, Goal) :-
    '$out_sink'(Sink, _), !,
    '$out_push',
    (   catch(Goal, E, ('$out_pop'(_), throw(E)))
    ->  '$out_pop'(S), '$out_sink'(Sink, S)
    ;   '$out_pop'(_), fail
    ).
with_output_to(Sink, _) :- throw(error(domain_error(output_sink, Sink), _)).
'$out_sink'(atom(A), S) :- ( var(S) -> true ; atom_string(A, S) ).
'$out_sink'(string(X), S) :- ( var(S) -> true ; X = S ).
'$out_sink'(codes(C), S) :- ( var(S) -> true ; string_codes(S, C) ).
'$out_sink'(chars(C), S) :- ( var(S) -> true ; string_chars(S, C) ).

% setup_call_cleanup/3: Cleanup runs once Goal is finished: it failed, raised an error
% or succeeded without leaving a choicepoint (then at once, as SWI-Prolog). Unlike
% SWI-Prolog, a Goal whose choicepoints are cut from outside does not run Cleanup.
setup_call_cleanup(S, G, C) :-
    once(S),
    '$cp_height'(H0),
    (   catch(G, E, true), '$cp_height'(H1)
    ;   '$cleanup'(C), fail
    ),
    (   nonvar(E) -> '$cleanup'(C), throw(E)
    ;   H1 =< H0 + 1 -> !, '$cleanup'(C)
    ;   true
    ).
call_cleanup(G, C) :- setup_call_cleanup(true, G, C).
'$cleanup'(C) :- ( call(C) -> true ; true ).

numbervars(T, S, E) :- term_variables(T, Vs), '$numbervars'(Vs, S, E).
'$numbervars'([], E, E).
'$numbervars'(['$VAR'(N)|Vs], N, E) :- N1 is N + 1, '$numbervars'(Vs, N1, E).

A =@= B :- \+ \+ '$variant'(A, B).
A \=@= B :- \+ A =@= B.
'$variant'(A, B) :-
    copy_term(A, AC), copy_term(B, BC),
    numbervars(AC, 0, N), numbervars(BC, 0, N), AC == BC.

unify_with_occurs_check(X, Y) :- X = Y, acyclic_term(X).
subsumes_term(General, Specific) :-
    \+ \+ ( term_variables(Specific, V1), General = Specific,
              term_variables(V1, V2), V1 == V2 ).

findall(T, G, L, Tail) :- findall(T, G, L0), append(L0, Tail, L).

max_member(M, L) :- '$max_member'(L, M).
'$max_member'([H|T], M) :- '$max_member_'(T, H, M).
'$max_member_'([], M, M).
'$max_member_'([H|T], M0, M) :- ( H @> M0 -> M1 = H ; M1 = M0 ), '$max_member_'(T, M1, M).
min_member(M, L) :- '$min_member'(L, M).
'$min_member'([H|T], M) :- '$min_member_'(T, H, M).
'$min_member_'([], M, M).
'$min_member_'([H|T], M0, M) :- ( H @< M0 -> M1 = H ; M1 = M0 ), '$min_member_'(T, M1, M).

partition(_, [], [], []).
partition(P, [H|T], I, E) :-
    (   call(P, H) -> I = [H|I1], E = E1 ; I = I1, E = [H|E1] ),
    partition(P, T, I1, E1).
intersection([], _, []).
intersection([X|T], L, R) :- ( memberchk(X, L) -> R = [X|R1] ; R = R1 ), intersection(T, L, R1).
union([], L, L).
union([H|T], L, R) :- ( memberchk(H, L) -> R = R1 ; R = [H|R1] ), union(T, L, R1).

% yall lambdas: Params>>Body called with extra arguments copies the lambda (but for the
% variables of Free in Free/Params>>Body), unifies the parameters with the arguments and
% calls the body with the arguments left over. \X^Body is the same with one parameter.
'>>'(Ps, B) :- '$lambda'(Ps, B, []).
'>>'(Ps, B, A1) :- '$lambda'(Ps, B, [A1]).
'>>'(Ps, B, A1, A2) :- '$lambda'(Ps, B, [A1, A2]).
'>>'(Ps, B, A1, A2, A3) :- '$lambda'(Ps, B, [A1, A2, A3]).
'>>'(Ps, B, A1, A2, A3, A4) :- '$lambda'(Ps, B, [A1, A2, A3, A4]).
'>>'(Ps, B, A1, A2, A3, A4, A5) :- '$lambda'(Ps, B, [A1, A2, A3, A4, A5]).
'>>'(Ps, B, A1, A2, A3, A4, A5, A6) :- '$lambda'(Ps, B, [A1, A2, A3, A4, A5, A6]).
'>>'(Ps, B, A1, A2, A3, A4, A5, A6, A7) :- '$lambda'(Ps, B, [A1, A2, A3, A4, A5, A6, A7]).
'$lambda'(Ps0, B0, As) :-
    (   nonvar(Ps0), Ps0 = Free/Ps1
    ->  copy_term(Free/Ps1>>B0, Free/Ps>>B)
    ;   copy_term(Ps0>>B0, Ps>>B)
    ),
    '$lambda_bind'(Ps, As, Rest),
    '$call_extra'(B, Rest).
'$lambda_bind'([], As, As) :- !.
'$lambda_bind'([P|Ps], [A|As], Rest) :- !, P = A, '$lambda_bind'(Ps, As, Rest).
'$lambda_bind'(_, [], []).
'$call_extra'(G, []) :- !, call(G).
'$call_extra'(G, As) :- G1 =.. [call, G|As], call(G1).
'\\'(L) :- '$lambda_bs'(L, []).
'\\'(L, A1) :- '$lambda_bs'(L, [A1]).
'\\'(L, A1, A2) :- '$lambda_bs'(L, [A1, A2]).
'\\'(L, A1, A2, A3) :- '$lambda_bs'(L, [A1, A2, A3]).
'\\'(L, A1, A2, A3, A4) :- '$lambda_bs'(L, [A1, A2, A3, A4]).
'\\'(L, A1, A2, A3, A4, A5) :- '$lambda_bs'(L, [A1, A2, A3, A4, A5]).
'$lambda_bs'(L0, As) :- copy_term(L0, L), '$lambda_bs_'(L, As).
'$lambda_bs_'(X^B, [A|As]) :- !, X = A, '$lambda_bs_'(B, As).
'$lambda_bs_'(\X^B, [A|As]) :- !, X = A, '$lambda_bs_'(B, As).
'$lambda_bs_'(B, As) :- '$call_extra'(B, As).

concat_atom(L, A) :- atomic_list_concat(L, A).

use_module(_).
use_module(_, _).
ensure_loaded(_).
discontiguous(_).
style_check(_).

current_prolog_flag(F, V) :-
    ( var(F) -> true ; atom(F) -> true ; throw(error(type_error(atom, F), _)) ),
    '$flag_list'(L), member(F-V, L).

current_op(P, T, N) :-
    ( var(N) -> true ; atom(N) -> true ; throw(error(type_error(atom, N), _)) ),
    ( var(T) -> true ; atom(T) -> true ; throw(error(domain_error(operator_specifier, T), _)) ),
    ( var(P) -> true ; integer(P) -> true ; throw(error(domain_error(operator_priority, P), _)) ),
    '$op_list'(L), member(op(P, T, N), L).

current_predicate(Spec) :-
    (   nonvar(Spec), Spec \= _/_ -> throw(error(type_error(predicate_indicator, Spec), _))
    ;   true ),
    Spec = N/A,
    (   nonvar(N), \+ atom(N) -> throw(error(type_error(predicate_indicator, Spec), _))
    ;   true ),
    (   atom(N), integer(A), functor(H, N, A), '$pred_info'(H, K, _), K \== library
    ->  true
    ;   '$user_predicates'(L), member(N/A, L)
    ).

predicate_property(H, P) :-
    nonvar(H), '$pred_info'(H, K, N),
    '$pred_prop'(K, N, P).
'$pred_prop'(_, _, defined).
'$pred_prop'(K, _, built_in) :- ( K == builtin ; K == control ).
'$pred_prop'(control, _, control_construct).
'$pred_prop'(K, _, static) :- K \== dynamic.
'$pred_prop'(dynamic, _, dynamic).
'$pred_prop'(K, N, number_of_clauses(N)) :- ( K == dynamic ; K == static ; K == library ).
'$pred_prop'(library, _, imported_from(lists)).

% read/1 and read_term/2 read the database's input (the CLI's standard input).
get_char(S, C) :- '$check_input'(S), get_char(C).
peek_char(S, C) :- '$check_input'(S), peek_char(C).
read(T) :- read_term(T, []).
read(S, T) :- '$check_input'(S), read_term(T, []).
read_term(S, T, Opts) :- '$check_input'(S), read_term(T, Opts).
read_term(T, Opts) :-
    '$read_term'(T0, Bs),
    '$read_opts'(Opts, T0, Bs),
    T = T0.
'$read_opts'(Opts, _, _) :- var(Opts), !, throw(error(instantiation_error, _)).
'$read_opts'([], _, _) :- !.
'$read_opts'([O|Os], T, Bs) :- !, '$read_opt'(O, T, Bs), '$read_opts'(Os, T, Bs).
'$read_opts'(Opts, _, _) :- throw(error(type_error(list, Opts), _)).
'$read_opt'(O, _, _) :- var(O), !, throw(error(instantiation_error, _)).
'$read_opt'(variable_names(Bs), _, Bs) :- !.
'$read_opt'(variables(Vs), T, _) :- !, term_variables(T, Vs).
'$read_opt'(singletons(_), _, _) :- !.
'$read_opt'(O, _, _) :- callable(O), !.
'$read_opt'(O, _, _) :- throw(error(domain_error(read_option, O), _)).
'$check_input'(S) :- var(S), !, throw(error(instantiation_error, _)).
'$check_input'(user_input) :- !.
'$check_input'(S) :- atom(S), !, throw(error(existence_error(stream, S), _)).
'$check_input'(S) :- throw(error(domain_error(stream_or_alias, S), _)).

% name/2: atom_codes/2 that reads a number when the text is one.
name(X, Cs) :- var(X), !, ( catch(number_codes(X, Cs), _, fail) -> true ; atom_codes(X, Cs) ).
name(X, Cs) :- number(X), !, number_codes(X, Cs).
name(X, Cs) :- atom_codes(X, Cs).

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
nth0(I, L, E) :- var(I), !, '$nth_gen'(L, E, 0, I).
nth1(I, L, E) :- integer(I), !, I >= 1, I0 is I-1, '$nth_det'(I0, L, E).
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

foldl(G, L, V0, V) :- '$foldl'(L, G, V0, V).
'$foldl'([], _, V, V).
'$foldl'([X|Xs], G, V0, V) :- call(G, X, V0, V1), '$foldl'(Xs, G, V1, V).

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
'$bag_same'([W1-T1|Rs], W0, [T1|Ts], Os) :- W1 == W0, !, '$bag_same'(Rs, W0, Ts, Os).
'$bag_same'(Rs, _, [], Rs).

phrase(G, L) :- phrase(G, L, []).
phrase(G, L, R) :- '$dcg_body'(G, L, R, Goal), call(Goal).

once(G) :- call(G), !.
ignore(G) :- ( call(G) -> true ; true ).
forall(C, A) :- \+ ( call(C), \+ call(A) ).

atomic_list_concat(L, A) :- '$alc'(L, '', A).
'$alc'([], A, A).
'$alc'([X|Xs], A0, A) :- atom_concat(A0, X, A1), '$alc'(Xs, A1, A).

concat_atom(L, A) :- atomic_list_concat(L, A).

use_module(_).
use_module(_, _).
ensure_loaded(_).
discontiguous(_).
style_check(_).

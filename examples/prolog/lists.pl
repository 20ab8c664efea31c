% List predicates written out (the library has append/3, member/2, reverse/2... too;
% these carry a my_ prefix to show how they are defined).
my_append([], L, L).
my_append([H|T], L, [H|R]) :- my_append(T, L, R).

my_member(X, [X|_]).
my_member(X, [_|T]) :- my_member(X, T).

my_length([], 0).
my_length([_|T], N) :- my_length(T, N0), N is N0 + 1.

% Naive reverse: quadratic, the classic benchmark (496 inferences for 30 elements).
nrev([], []).
nrev([H|T], R) :- nrev(T, RT), my_append(RT, [H], R).

% Reverse with an accumulator: linear.
rev(L, R) :- rev(L, [], R).
rev([], A, A).
rev([H|T], A, R) :- rev(T, [H|A], R).

last_of([X], X) :- !.
last_of([_|T], X) :- last_of(T, X).

sum([], 0).
sum([X|Xs], S) :- sum(Xs, S0), S is S0 + X.

% Sorting by insertion and quicksort.
isort([], []).
isort([X|Xs], S) :- isort(Xs, S0), insert(X, S0, S).
insert(X, [], [X]).
insert(X, [Y|Ys], [X,Y|Ys]) :- X =< Y, !.
insert(X, [Y|Ys], [Y|Zs]) :- insert(X, Ys, Zs).

qsort([], []).
qsort([P|Xs], S) :-
    partition(P, Xs, Small, Big),
    qsort(Small, S1), qsort(Big, S2),
    my_append(S1, [P|S2], S).
partition(_, [], [], []).
partition(P, [X|Xs], [X|S], B) :- X =< P, !, partition(P, Xs, S, B).
partition(P, [X|Xs], S, [X|B]) :- partition(P, Xs, S, B).

range(N, N, [N]) :- !.
range(I, N, [I|T]) :- I < N, I1 is I + 1, range(I1, N, T).

% A deep recursion: count(1000000) runs a million calls deep.
count(0) :- !.
count(N) :- N1 is N - 1, count(N1).

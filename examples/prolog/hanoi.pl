% Towers of Hanoi: move N disks from A to C using B.
hanoi(0, _, _, _) :- !.
hanoi(N, A, B, C) :-
    N1 is N - 1,
    hanoi(N1, A, C, B),
    write(A), write(' -> '), write(C), nl,
    hanoi(N1, B, A, C).

% The moves as a list, and their number (2^N - 1).
moves(0, _, _, _, []) :- !.
moves(N, A, B, C, Ms) :-
    N1 is N - 1,
    moves(N1, A, C, B, M1),
    moves(N1, B, A, C, M2),
    append(M1, [A-C|M2], Ms).

count_moves(N, K) :- moves(N, left, middle, right, Ms), length(Ms, K).

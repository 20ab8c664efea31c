% A definite clause grammar: a tiny fragment of English, parsed into trees
% (phrase/2 checks or generates sentences).
sentence(s(NP, VP)) --> noun_phrase(NP), verb_phrase(VP).

noun_phrase(np(D, N)) --> det(D), noun(N).

verb_phrase(vp(V, NP)) --> verb(V), noun_phrase(NP).
verb_phrase(vp(V)) --> verb(V).

det(d(the)) --> [the].
det(d(a)) --> [a].
noun(n(cat)) --> [cat].
noun(n(dog)) --> [dog].
verb(v(sees)) --> [sees].
verb(v(sleeps)) --> [sleeps].

% a^n b^n, the classic language no finite automaton recognizes.
anbn --> [].
anbn --> [a], anbn, [b].

% Sentences of at most N words.
short(N, L) :- between(1, N, K), length(L, K), phrase(sentence(_), L).

# The messages of resolu in English (the default outside a French locale).
# Every message here has its French twin in ../fr/main.ftl (a test checks it).
# JSON never uses these: its keys and words are a contract for programs.

## Shared

# The prefix of a bad-input error on stderr.
error-line = error: { $message }
test-plural = { $count ->
    [one] { $count } move
   *[other] { $count } moves
}
error-cannot-read = cannot read { $path }: { $reason }
error-not-a-file = not a regular file
error-file-too-big = larger than { $mb } MB, the most an input file may have
error-not-utf8 = not UTF-8 text (invalid byte at offset { $offset })
error-weight = --weight must be a number >= 1, got { $weight }

## Counters and verdicts of a search

stats-line = expanded { $expanded }, generated { $generated }, duplicates { $duplicates }, re-opened { $reopened }, max frontier { $frontier }, { $ms } ms
reason-solved = solved
reason-exhausted = no solution exists: every reachable state was explored
reason-node-limit = stopped: the node limit (--max-nodes) was reached
reason-time-limit = stopped: the time limit (--timeout) was reached
reason-memory-limit = stopped: the memory budget was reached (raise it with --max-memory MB, up to the memory free; or choose an algorithm that stores less, such as idastar)
reason-depth-limit = no solution within the depth limit (--depth-limit); one may lie deeper
reason-depth-limit-at = no solution within depth { $depth } (--depth-limit); one may lie deeper
reason-interrupted = stopped: interrupted (Ctrl-C)
reason-other-limit = stopped: a limit was reached
trace-greedy = h = { $h } (greedy: g = { $g } not counted)
trace-expand = expand #{ $count }: { $priority }  { $state }
trace-iteration = -- new iteration, bound { $bound }

## Counters and verdicts of a backtracking run

backtrack-stats-line = { $tries } tries, { $backtracks } backtracks, depth { $depth }, { $ms } ms
backtrack-found = { $noun ->
    [tour] A tour was found.
    [path] A path was found.
   *[other] A solution was found.
}
backtrack-exhausted = { $noun ->
    [tour] No tour exists: every candidate was tried.
    [path] No path exists: every candidate was tried.
   *[other] No solution exists: every candidate was tried.
}
backtrack-tries-limit = Stopped: the tries limit (--max-nodes) was reached.

## --help (only used in French; the English help is written beside the code)

help-template = {"{"}before-help{"}"}{"{"}about-with-newline{"}"}
    {"{"}usage-heading{"}"} {"{"}usage{"}"}

    {"{"}all-args{"}"}{"{"}after-help{"}"}
help-commands-heading = Commands
help-flag-help = Print help (see more with '--help')
help-flag-version = Print version
help-about-help = Print this message or the help of the given subcommand(s)
help-about-resolu = Classic AI problem solving: search, backtracking, games, inference
help-about-demo = Run each built-in problem on its default.
help-about-graph = Solve an explicit state graph read from a file.
help-long-graph = Solve an explicit state graph read from a file: breadth-first, depth-first, uniform-cost, greedy, A*... (--algo).
help-about-taquin = The sliding-tile puzzle (taquin).
help-long-taquin = The sliding-tile puzzle (3x3, 4x4...): random, depth-first, breadth-first search, A* with h1 (misplaced tiles, the blank not counted) or h2 (Manhattan). An unsolvable board is recognised before any search by the parity argument.
help-about-experiment = Experiments: tables, CSV and plots of algorithms and heuristics.
help-about-prove = Backward chaining: a Prolog-like prover.
help-about-rules = Forward chaining: run a rule base.
help-about-hanoi = Towers of Hanoi: expert system, optimal solutions, search.
help-long-hanoi = Towers of Hanoi: the expert system of lab 000 (forward chaining, rules R1-R4 and a meta-rule), each situation with its number, pegs listed bottom first; or the optimal solution, or a search of the state space.
help-about-matches = The matches game (take 1 to 3, the last one wins) and Nim.
help-long-matches = The matches game (take 1 to 3, the last one wins) and Nim, as a state space (lab 002): the states, the search tree, the plays, who wins, and a game against the computer.
help-about-matches-states = The states, the operators and the successor function.
help-about-matches-tree = The search tree, drawn, each state with its winner under perfect play.
help-about-matches-plays = Every play from the start, depth first (or breadth first), filtered by winner.
help-about-matches-solve = Who wins with perfect play, the winning moves, and how long the play lasts.
help-about-matches-play = Play against the computer.
help-about-tictactoe = Tic-tac-toe: solve it or play against the computer.
help-long-tictactoe = Tic-tac-toe: the value of a board by minimax (with alpha-beta pruning), or a game against the computer.
help-about-tictactoe-solve = The value of the board for the player to move, the moves that keep it, and the number of moves to the end under perfect play.
help-about-tictactoe-play = Play against the computer.
help-about-connect4 = Connect Four: the exact score of a position, or a game against the computer.
help-about-knight = The knight's tour by backtracking.
help-long-knight = The knight's tour by backtracking (lab 004): basic version, band, or Warnsdorff's rule ("first fail": the free square with the fewest onward moves first); counters of tries and backtracks, the matrix of degrees (--degrees).
help-about-queens = The N-queens problem.
help-long-queens = The N-queens problem by backtracking: the first solution, all of them, or their number.
help-about-maze = Solve a maze read from a text file.
help-long-maze = Solve a maze read from a text file, by backtracking or by a search of the state space.
help-about-pdb = Pattern databases of the sliding-tile puzzle: build, info, verify.
help-about-cube = The Rubik's cube (3x3x3 and 2x2x2): optimal, two-phase, census.

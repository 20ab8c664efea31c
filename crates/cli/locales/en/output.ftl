# Reports of prove, rules, pdb, cube, experiment and connect4 (see i18n.rs).

## French output of the reports (helper "output"): prove

prove-stop-inferences = stopped: the inference limit ({ $limit }, --max-inferences) was reached; raise it with --max-inferences N (0 for no limit)
prove-stop-time = stopped: the time limit ({ $seconds } s, --timeout) was reached; raise it with --timeout S
prove-stop-memory = stopped: the memory budget ({ $mb } MB, --max-memory) was reached (resource_error(memory)); raise it with --max-memory MB
prove-stop-interrupted = stopped: interrupted (Ctrl-C)
prove-stop-out-of-memory = stopped: out of memory ({ $error }): the system refused more memory; lower --max-memory or free memory
prove-while-writing = { $stop } (while writing the answer)
prove-inferences-so-far = { $count } inferences so far
prove-directive-stop = { $origin }:{ $line }: directive { $stop }
prove-warning = warning: { $origin }: { $warning }
prove-trace-no-clause = { $goal }: no (more) clause, backtrack
prove-trace-unknown = { $goal }: not in the base, false
prove-proof-heading = proof:
prove-proof-by = by  { $clause }
prove-proof-fact = fact
prove-proof-builtin = built-in
prove-success = success
prove-failure = failure
prove-toplevel-banner = resolu prove: type a query (final '.' optional), ';' for the next answer, Enter to stop, 'halt.' to quit.
prove-toplevel-syntax = syntax error at { $line }:{ $column }: { $message } (near `{ $near }`)
prove-demo-heading = The car-diagnosis base (examples/prolog/car.pl), backward chaining:

## rules

rules-after = after { $cycles ->
        [one] { $cycles } cycle
       *[other] { $cycles } cycles
    }
rules-no-limit = none
rules-stop-goal = Goal reached { $after }.
rules-stop-halt = Halted by a rule { $after }.
rules-stop-quiescent = No rule is eligible any more { $after }: everything derivable is derived.
rules-stop-stuck = Stuck { $after }: no rule is eligible and the goal is not reached (the rule base cannot go on from this situation).
rules-stop-cycle-limit = Stopped { $after }: the cycle limit (--max-cycles) was reached.
rules-stop-time-limit = Stopped { $after }: the time limit (--timeout) was reached.
rules-stop-memory-limit = Stopped { $after }: the memory budget (--max-memory) was reached.
rules-stop-inference-limit = Stopped { $after }: a Prolog call ran past the inference limit ({ $limit } per call, --max-inferences); raise it with --max-inferences N (0 for no limit).
rules-stop-interrupted = Stopped { $after }: interrupted (Ctrl-C).
rules-stop-other = Stopped { $after }: a limit was reached.
rules-reading-stopped = { $stop } (while reading the rule base: its facts did not fit; raise it with --max-memory MB)
rules-cycle = Cycle { $number }: conflict set ({ $count }): { $set }
rules-fires = fires { $rule }
rules-says = says: { $line }
rules-header = { $origin }: { $rules ->
        [one] { $rules } rule
       *[other] { $rules } rules
    }, { $facts ->
        [one] { $facts } fact
       *[other] { $facts } facts
    }, { $goal ->
        [yes] a goal
       *[no] no goal
    }; strategy { $strategy }.
rules-never-in-memory = { $fact } was never in the working memory: nothing to explain.
rules-observed = observed
rules-by = by { $rule }, cycle { $cycle }
rules-by-from = by { $rule }, cycle { $cycle }, from { $from }
rules-no-derived = No fact was derived.
rules-derived-heading = Derived facts ({ $count }), each with its rule and premises (--explain FACT for a whole tree):
rules-how-derived = How it was derived:

## pdb

pdb-built = Pattern database { $sizes } ({ $groups }) of the { $size } puzzle, goal { $goal }: { $cached ->
        [yes] already cached
       *[no] built
    }.
pdb-file = { $path }: { $bytes } bytes, built in { $seconds } s, checksum { $checksum }.
pdb-info-heading = Pattern databases in { $dir }:
pdb-info-none = (none)
pdb-info-damaged = {" "}-- DAMAGED: { $problem }
pdb-info-table = { $mb } MB, built in { $seconds } s, checksum { $checksum }
pdb-unreadable = unreadable
pdb-info-unreadable = { $name }: { $problem }
pdb-progress-group = pattern database: group { $group } of { $groups } ({ $tiles } tiles)
pdb-progress-layer = depth { $depth }: { $reached } of { $total } states reached
pdb-rebuilt = { $why }: rebuilt
pdb-bar-template = {"{"}msg{"}"} {"{"}bar:30{"}"} {"{"}pos{"}"}/{"{"}len{"}"} states, {"{"}elapsed{"}"}

## cube

cube-scramble = Scramble ({ $count } moves): { $moves }
cube-unfolded = The { $kind } cube, unfolded:
cube-already-solved = Already solved.
cube-solution = Solution ({ $count } moves, { $metric }{ $optimal ->
        [yes] , optimal
       *[no] {""}
    }, by { $method ->
        [lookup] table lookup
        [optimal] IDA* with pattern databases
        [two-phase] the two-phase algorithm
        [idastar] the generic IDA*
       *[bfs] the generic breadth-first search
    }):
cube-replayed = Replayed on the cube model: solved.
cube-no-solution-length = No solution: none within { $count ->
        [one] { $count } move
       *[other] { $count } moves
    } (--max-length); a longer one exists (every cube has one of at most 20 moves).
cube-no-solution = No solution: { $reason }.
cube-census-heading = The 2x2x2 cube ({ $positions } positions with one corner fixed), by distance from solved, { $half ->
        [yes] half-turn metric
       *[no] quarter-turn metric
    }:
cube-distance = distance
cube-positions = positions
cube-gods-number = God's number ({ $metric }): { $number }; breadth-first search on the numbered-states engine (a byte a position), { $ms } ms.
cube-bar-template = {"{"}bar:40{"}"} {"{"}percent{"}"}% { $what }, {"{"}elapsed{"}"} elapsed
cube-two-phase-tables = two-phase tables
cube-pdb-tables = pattern databases
cube-summary-lookup = By lookup in the distance table of all 3,674,160 positions ({ $ms } ms with the table's breadth-first search).
cube-note-wrong-size = note: { $path } has the wrong size; rebuilding it
cube-note-rebuilding = note: { $error }; rebuilding it
cube-note-not-cached = note: could not cache the table: { $error }
cube-stop-two-phase-memory = stopped: the two-phase tables need { $need } MB, more than the memory budget (--max-memory { $budget } MB)
cube-summary-two-phase = Two-phase (Kociemba): phase 1 { $length } moves, { $nodes1 } + { $nodes2 } nodes, { $solutions } phase-1 solutions tried, { $ms } ms (tables { $source ->
        [cache] read from the cache
       *[built] built
    } in { $tables_ms } ms){ $timed_out ->
        [yes] ; stopped at --timeout with the best so far
       *[no] {""}
    }.
cube-stop-pdb-memory = stopped: the pattern databases need { $need } MB, more than the memory budget (--max-memory { $budget } MB)
cube-building-pdb = Building the pattern databases (once; cached afterwards): corners, then two edge groups.
cube-stop-building-timeout = stopped: the time limit (--timeout { $seconds } s) struck while the pattern databases were being built; nothing was cached, the next run starts the build again.
cube-summary-optimal = IDA* with pattern databases (corners, 2 x 6 edges): { $nodes } nodes, { $iterations } iterations, { $ms } ms (tables ready in { $tables_ms } ms).
cube-summary-generic = { $bfs ->
        [yes] Breadth-first search
       *[no] IDA*
    } (generic, resolu_search): { $stats }.

## experiment

experiment-caption = Each cell: median expanded nodes / median time over { $count ->
        [one] { $count } instance
       *[other] { $count } instances
    } (solved/runs when not all solved).
experiment-written = { $count } runs written to { $dir }
experiment-interrupted = Interrupted (Ctrl-C): { $cut ->
        [one] { $cut } run
       *[other] { $cut } runs
    } of { $count } were cut (status `interrupted` in runs.csv); the summary counts only what ran.
experiment-runs = runs
experiment-korf-boards = Korf's 4x4 boards
experiment-bar-template = {"{"}bar:40{"}"} {"{"}pos{"}"}/{"{"}len{"}"} { $what }, {"{"}elapsed{"}"} elapsed, {"{"}eta{"}"} left
experiment-depth = depth

## play (matches, tictactoe, connect4)

play-mcts-note = MCTS: { $iterations } iterations, { $visits } through this move, { $percent }% for the computer
play-forced-win = a forced win
play-forced-loss = a forced loss
play-draw-proven = a draw
play-estimate = estimate { $score }
play-alphabeta-note = alpha-beta: depth { $depth }, { $what }
play-intro = You are { $human }, the computer ({ $level } level) is { $computer }. Type 'q' to stop.
play-you-win = You win!
play-computer-wins = The computer wins.
play-draw = Draw.
play-prompt = { $prompt }:
play-end-of-input = End of input: the game stops here.
play-you-stop = You stop the game.
play-you-played = You: { $words }.
play-refused = Refused: { $why }. Try again.
play-computer-played = Computer: { $words }.{ $note }
play-matches-state = State { $state }:
play-matches-heap = heap { $heap }:
play-matches-left = State { $state }: { $left } left
play-matches-prompt = { $several ->
        [yes] Your move (heap, then matches to take)
       *[no] Your move (matches to take)
    }
play-not-whole-number = '{ $text }' is not a whole number
play-no-heap = there is no heap { $heap } (1 to { $heaps })
play-not-matches-count = '{ $text }' is not a number of matches
play-not-heap-move = '{ $text }' is not a move: type the heap, then the number, e.g. '2 3'
play-may-take = you may take { $list } matches, not { $count }
play-take-at-least-one = take at least 1 match
play-only-left = only { $left } matches left, you cannot take { $count }
play-cell = row { $row }, column { $column }
play-tictactoe-prompt = Your move (row col, or cell 1-9)
play-not-a-number = '{ $text }' is not a number
play-no-cell = there is no cell { $cell } (1 to 9)
play-no-cell-at = there is no cell at row { $row }, column { $column } (rows and columns 1 to 3)
play-not-a-cell = '{ $text }' is not a cell: type the row and the column, e.g. '2 3'
play-cell-taken = { $cell } is taken

## connect4

connect4-won = The game is over: { $player } ({ $mark }) has won.
connect4-full = The game is over: a draw (the board is full).
connect4-to-move = { $stones } stones played; { $player } ({ $mark }) to move.
connect4-show-intro = Connect Four on { $size }: drop a stone into a column; four in a row, column or diagonal wins.
connect4-show-hint = (`resolu connect4 solve` gives its score, `resolu connect4 play` a game.)
connect4-score-win = { $player } ({ $mark }) to move wins, with their stone number { $count } at the latest (score { $score }).
connect4-score-loss = { $player } ({ $mark }) to move loses: { $other } wins with their stone number { $count } at the latest (score { $score }).
connect4-score-draw = A draw with perfect play ({ $player } to move; score 0).
connect4-best = Best columns: { $columns }.
connect4-column-scores = Score of each column (1 to { $width }, '-' full): { $scores }
connect4-analyze-hint = (--analyze gives each column's score and the best columns.)
connect4-solver = Solver: { $nodes } positions searched, { $ms } ms.
connect4-not-solved = Not solved: { $stopped } (see { $flag ->
        [node] --max-nodes
        [memory] --max-memory or a smaller --table-bits
        [time] --timeout
       *[other] --timeout, --max-nodes
    }).
connect4-prompt = Your move (column 1-{ $width })
connect4-not-column = '{ $text }' is not a column number (1 to { $width })
connect4-no-column = there is no column { $column } (1 to { $width })
connect4-column-full = column { $column } is full
connect4-column = column { $column }
connect4-play-intro = Connect Four on { $size }: type the column of your stone (1 to { $width }).
connect4-perfect-slow = (The perfect level solves each position: on an open board this may take minutes.)
connect4-interrupted = Interrupted (Ctrl-C) while the computer was thinking: { $nodes } positions searched. The game ends here.
connect4-book-other-board = { $path }: another board's book; rebuilding it.
connect4-book-rebuilding = { $why }; rebuilding it.
connect4-book-bar-template = {"{"}msg{"}"} {"{"}bar:30{"}"} {"{"}pos{"}"}/{"{"}len{"}"} positions, {"{"}elapsed{"}"}
connect4-book-building = opening book, depth { $depth }
connect4-book-not-stored = the opening book could not be stored: { $error }

## experiment report (report.md, report.html)

report-limits = { $nodes } expanded nodes, { $seconds } s
report-item = - `{ $config }`: { $text }
report-plot-nodes = median expanded nodes against solution depth (log scale)
report-plot-time = median time against solution depth (log scale)
report-plot-bstar = median effective branching factor b* against solution depth
report-summary-header = | depth | configuration | runs | solved | median expanded | median time (ms) | median b* |
report-taquin-title = Sliding-tile puzzle { $size }: algorithms and heuristics
report-taquin-setup = Goal `{ $goal }`; { $per_depth } instances per depth (seed { $seed }), each of exactly the optimal length shown; limits per run: { $limits }; { $threads } threads; { $runs } runs in all.
report-reproduce = Reproduce with `{ $command }`.
report-results = Results
report-every-run = Every run is in `runs.csv`.
report-course-questions = The course's questions
report-reach-question = **Which optimal lengths can each heuristic reach?** Within the limits above:
report-reach-all = every instance solved, up to { $depth } moves
report-reach-up-to = every instance solved up to { $depth } moves, not beyond
report-reach-none = not every instance solved even at the smallest depth
report-reach-detail = (at { $depth } moves: median { $nodes } nodes, { $ms } ms, { $solved }/{ $runs } solved)
report-astar-question = **How long does A* take, and how much does the heuristic matter?**
report-astar-line = - A* with `{ $heuristic }` at { $depth } moves: median { $nodes } expanded nodes in { $ms } ms{ $bstar }.
report-astar-compare = At { $depth } moves `{ $best }` expands { $ratio } times fewer nodes than `{ $worst }`: a better-informed admissible heuristic prunes exponentially more of the tree, which the lower b* measures.
report-question-4x4 = **What length can be considered for the 4x4?**
report-korf-not-measured = Not measured in this run (`--korf 0`). Korf's 100 random 4x4 boards need 41 to 66 moves (53 on average).
report-every-board = every board
report-every-nth = every { $step }{ $ordinal }
report-korf-measured = Measured on { $count } of Korf's 100 random 4x4 boards ({ $which }; goal `{ $goal }`; optimal lengths { $shortest }..{ $longest } moves), with the same limits:
report-korf-header = | configuration | solved | longest solved | median nodes (solved) | stopped by |
report-korf-best = The best here is `{ $config }`: { $solved } of { $boards } boards solved. The median b* of its solved runs is { $bstar } at { $millions } million nodes per second; a search of N nodes reaches the depth d where b* + ... + b*^d = N, so one minute ({ $budget } nodes) reaches about { $depth } moves with it, to compare with the 41 to 66 moves (53 on average) of Korf's random boards. Runs stopped by a limit count as unsolved above: the limits, not the algorithms, decide how far the others get.
report-hanoi-title = Towers of Hanoi on { $pegs } pegs: search against recursion
report-hanoi-setup = Each instance moves n disks from peg 0 to peg { $goal_peg }; its optimal length (the depth below) is { $three ->
        [yes] 2^n − 1
       *[no] the Frame–Stewart number
    }. { $runs } runs in all. Reproduce with `{ $command }`.
report-hanoi-how-far = How far each method goes
report-hanoi-largest = largest tower solved: { $instance }
report-hanoi-none = solved no instance within the limits
report-hanoi-longer = ({ $count } solutions longer than the optimum)

## Demo lines of tictactoe and connect4, and the experiment page's title (helper c4fr).
tictactoe-demo-count = Tic-tac-toe: { $plays } possible games, { $positions } positions (the empty grid included).
tictactoe-demo-verdict = Verdict: a { $value } with perfect play; { $holding } of the 9 first moves hold it; { $plies } moves.
connect4-demo-small = Connect Four on the empty 5x4 board: { $verdict } Each first column's score: { $scores } ({ $nodes } positions).
connect4-demo-middle = On 7x6 after the columns { $moves }:
connect4-demo-best = Best columns: { $columns }; { $nodes } positions searched.
experiment-report-html-title = resolu experiment: report

# The titles of `resolu demo`'s parts (cmd/mod.rs).
demo-title-graph = Route finding on a road map (resolu graph)
demo-title-taquin = The sliding-tile puzzle (resolu taquin)
demo-title-prove = Backward chaining: the car-diagnosis base (resolu prove)
demo-title-hanoi = Forward chaining: the Towers of Hanoi expert system (resolu hanoi)
demo-title-rules = Forward chaining: the car-diagnosis rules (resolu rules)
demo-title-matches = The matches game (resolu matches)
demo-title-tictactoe = Tic-tac-toe (resolu tictactoe)
demo-title-connect4 = Connect Four (resolu connect4)
demo-title-knight = The knight's tour (resolu knight)
demo-title-queens = The N-queens problem (resolu queens)
demo-title-maze = A maze (resolu maze)
demo-title-cube = The Rubik's cube: a 2x2x2 solved optimally (resolu cube)

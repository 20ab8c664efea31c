# --help texts of the flags and the parse errors (see i18n.rs).

## French help and errors (helper "help"): the arguments' texts of --help, as written
## beside the code (the French help uses them to know that a translation is current).

help-default = [default: { $value }]
help-possible-values = [possible values: { $values }]
help-possible-values-heading = Possible values:

help-arg-maze-algo = Algorithm: backtrack (a path), bfs or astar (a shortest path, A* with the Manhattan distance)
help-value-maze-algo-backtrack = The backtracking walk: a path, not always the shortest
help-value-maze-algo-bfs = Breadth-first search: a shortest path
help-value-maze-algo-astar = A* with the Manhattan distance: a shortest path
help-arg-algo = Search algorithm: random, dfs, iddfs, bfs, ucs, greedy, astar, wastar, idastar (in French: aleatoire, profondeur, profondeur-iterative, largeur, cout-uniforme, glouton, aetoile, aetoile-ponderee, idaetoile)
help-arg-experiment-taquin-algos = Algorithms to compare
help-arg-experiment-hanoi-algos = Methods: search algorithms and `optimal` (the recursive algorithm)
help-arg-queens-all = Enumerate the solutions, asking after each one whether to go on (unless --count or --limit)
help-arg-knight-all = Enumerate the tours, asking after each one whether to go on (unless --count or --limit)
help-arg-knight-all-starts = With --count: the tours from every start square, counted from one square of each class of the board's symmetries (on every core) times the class size
help-arg-connect4-solve-analyze = Also each column's exact score and the best columns (a score search per column: several times slower than the score alone)
help-arg-taquin-batch = Solve every board of FILE (one per line, '#' comments); JSON Lines out, one object per board in input order; the exit code is the worst of the boards'
help-arg-matches-plays-bfs = Breadth first: the shortest plays first
help-arg-board = Start from this board instead of the empty one
help-arg-book = Use the opening book of every position of at most N stones (built on first use and kept in the cache directory; 0: no book)
help-arg-book-dir = The directory of the book [default: `connect4` in resolu's cache directory]
help-arg-cube-cache-dir = Where the solver tables are cached
help-arg-cube-census = Count the 2x2x2's positions at each distance (breadth-first search over all)
help-arg-taquin-census = Count the boards at each distance from the goal (the whole state space) instead of solving
help-arg-knight-closed = Closed tours only: the last square is a knight's move from the start
help-arg-cube-color = Colours in the terminal: auto (when stdout is a terminal and NO_COLOR is unset), always, never
help-arg-hanoi-compact = One line per move instead of a picture of the pegs
help-arg-compare = With --html: the algorithms whose searches the page shows side by side, e.g. `astar,bfs` (default: --algo alone, the run the text reports)
help-arg-queens-count = Count the solutions without printing them
help-arg-knight-count = Count the tours without printing them
help-arg-knight-degrees = Print the matrix of free neighbours of each square, and with Warnsdorff each step of the tour: the candidates with their free neighbours and the square chosen
help-arg-matches-tree-depth = Deepest level drawn (moves from the start)
help-arg-hanoi-depth-limit = Depth limit of --method dfs (number of moves)
help-arg-depth-limit = Depth limit of dfs (number of steps)
help-arg-experiment-taquin-depths = Optimal solution lengths to study: a list (2,4,6) or ranges (2-30, 2-30/2 for a step)
help-arg-hanoi-disks = Number of disks
help-arg-experiment-hanoi-disks = Numbers of disks: a list (3,5) or ranges (1-12)
help-arg-prove-explain = Print each answer's proof tree: which clause proved each goal
help-arg-rules-explain = Without a value: list every derived fact with its rule and premises, even when the base has a goal. With a fact: print that fact's full derivation tree
help-arg-cube-facelets = The cube as 54 facelet letters (24 on the 2x2x2), faces in the order U R F D L B
help-arg-rules-facts = Add an observed fact to the initial working memory (repeatable)
help-arg-taquin-file = Read the start board from a file
help-arg-graph-file = The graph file
help-arg-maze-file = The maze file
help-arg-prove-file = The program (Prolog clauses and directives)
help-arg-rules-file = The rule file
help-arg-first = Who plays first
help-value-first-human = You
help-value-first-computer = The computer
help-arg-pdb-build-force = Rebuild even when a good file is cached
help-arg-experiment-taquin-format = Output format of the summary on standard output
help-value-experiment-taquin-format-text = Human-readable text
help-value-experiment-taquin-format-json = Machine-readable JSON
help-arg-experiment-hanoi-format = Output format of the summary on standard output
help-value-experiment-hanoi-format-text = Human-readable text
help-value-experiment-hanoi-format-json = Machine-readable JSON
help-arg-format = Output format
help-value-format-text = Human-readable text
help-value-format-json = Machine-readable JSON
help-arg-experiment-taquin-goal = The goal: standard, snail or a board [default: snail on 3x3, standard otherwise]
help-arg-taquin-goal = The goal: standard, snail, or a board [default: snail on 3x3, standard otherwise]
help-arg-pdb-build-goal = The goal: standard, snail, or a board [default: standard]
help-arg-heaps = Several heaps (a sum of games), e.g. 3,4,5; replaces --matches
help-arg-taquin-heuristic = Heuristic: misplaced (h1), manhattan (h2), linear-conflict, pdb, pdb:PARTITION (or zero); in French: mal-places, manhattan, conflits-lineaires
help-arg-graph-heuristic = Heuristic: the h values of the file, or zero
help-value-graph-heuristic-file = The `h=` values given in the file (0 where missing)
help-value-graph-heuristic-zero = h = 0 everywhere
help-arg-experiment-taquin-heuristics = Heuristics to compare
help-arg-connect4-html = With solve: write a step-through page to FILE, the solver's line of perfect play from the position, each board with every column's score (one self-contained HTML file). With play: the game as played, each position with the column played and, at the perfect level, every column's score (the solver then scores each column of each position: slower than the play alone)
help-arg-connect4-solve-html = With solve: write a step-through page to FILE, the solver's line of perfect play from the position, each board with every column's score (one self-contained HTML file). With play: the game as played, each position with the column played and, at the perfect level, every column's score (the solver then scores each column of each position: slower than the play alone)
help-arg-connect4-play-html = With solve: write a step-through page to FILE, the solver's line of perfect play from the position, each board with every column's score (one self-contained HTML file). With play: the game as played, each position with the column played and, at the perfect level, every column's score (the solver then scores each column of each position: slower than the play alone)
help-arg-prove-html = Write a step-through page to FILE: one self-contained HTML file (inline SVG, CSS and a small script, no network) to open in a browser; ← → step, space plays
help-arg-rules-html = Write a step-through page to FILE: one self-contained HTML file (inline SVG, CSS and a small script, no network) to open in a browser; ← → step, space plays
help-arg-hanoi-html = Write a step-through page to FILE: one self-contained HTML file (inline SVG, CSS and a small script, no network) to open in a browser; ← → step, space plays
help-arg-knight-html = Write a step-through page to FILE: one self-contained HTML file (inline SVG, CSS and a small script, no network) to open in a browser; ← → step, space plays
help-arg-queens-html = Write a step-through page to FILE: one self-contained HTML file (inline SVG, CSS and a small script, no network) to open in a browser; ← → step, space plays
help-arg-maze-html = Write a step-through page to FILE: one self-contained HTML file (inline SVG, CSS and a small script, no network) to open in a browser; ← → step, space plays
help-arg-cube-html = Write a step-through page to FILE: one self-contained HTML file (inline SVG, CSS and a small script, no network) to open in a browser; ← → step, space plays
help-arg-html = Write a step-through page to FILE: perfect play move by move, the minimax tree and the alpha-beta tree with its pruned branches (one self-contained HTML file)
help-arg-graph-html = Write a step-through page to FILE: the solution move by move and the search itself (each expansion with f, g, h, the frontier and closed set, the search tree), one self-contained HTML file to open in a browser; ← → step, space plays
help-arg-taquin-html = Write a step-through page to FILE: the solution move by move and the search itself (each expansion with f, g, h, the frontier and closed set, the search tree), one self-contained HTML file to open in a browser; ← → step, space plays
help-arg-experiment-taquin-korf = How many of Korf's 100 random 4x4 boards (evenly spread, 0 to 100) to solve with the same algorithms, heuristics and limits, to answer "what length for the 4x4?" (minutes: each may take up to --timeout per configuration)
help-arg-lang = Language of what a person reads: en or fr [default: the locale's: fr* gives French]
help-value-lang-en = English
help-value-lang-fr = French, the course's language
help-arg-connect4-play-level = The computer's level: perfect (the solver), random, mcts:N, mcts:time=1s, alphabeta:time=1s, alphabeta:depth=N [default: perfect on boards of up to 30 cells, alphabeta:time=1s above: the solver needs minutes on an open 7x6 board]
help-arg-level = The computer's level: perfect, random, mcts:N (Monte Carlo tree search, N iterations a move; mcts:time=1s, mcts:N,c=0.7 for another exploration constant), alphabeta:time=1s (iterative deepening, that long a move) or alphabeta:depth=N
help-arg-matches-tree-limit = Most nodes drawn
help-arg-matches-plays-limit = Most plays listed (all are counted)
help-arg-matches-states-limit = Most states listed
help-arg-prove-limit = Stop after this many answers
help-arg-queens-limit = Stop after this many solutions (implies --all)
help-arg-knight-limit = Stop after this many tours (implies --all)
help-arg-matches = Matches in the heap
help-arg-rules-max-cycles = Stop after this many cycles (exit code 3)
help-arg-hanoi-max-cycles = Stop the rules after this many cycles (exit code 3)
help-arg-prove-max-inferences = Stop after this many inferences (exit code 3; default 100000000, 0 for no limit)
help-arg-rules-max-inferences = Stop when one Prolog call of a condition or an action makes this many inferences (exit code 3; default 100000000, 0 for no limit)
help-arg-cube-max-length = Two-phase: accept solutions of at most this many half turns
help-arg-prove-max-memory = Memory budget in megabytes for the prover's stacks and findall buffers (default: half the memory available to the process; past it resource_error(memory), exit code 3 when not caught)
help-arg-rules-max-memory = Memory budget in megabytes, counted as facts, instances and matches held (default: half the available memory, at most 8 GiB; exit code 3 when reached)
help-arg-max-memory = Memory budget in megabytes, counted as stored states (default: half the memory really available to this process, at most 8 GiB; exit code 3 when reached)
help-arg-pdb-build-max-memory = Refuse to build when the tables and the search need more than this many megabytes [default: half the available memory, at most 8 GiB] (exit 3)
help-arg-connect4-solve-max-memory = Stop (exit 3) if the transposition table would take more than this many MB
help-arg-experiment-taquin-max-nodes = Node limit of each run (a run stopped by it is recorded as such)
help-arg-experiment-hanoi-max-nodes = Node limit of each run
help-arg-max-nodes = Stop after expanding this many nodes (exit code 3)
help-arg-connect4-solve-max-nodes = Stop after this many positions searched (exit 3)
help-arg-max-positions = Most positions a search may store (sums of heaps; exit 3 when reached)
help-arg-hanoi-method = How to solve: rules, optimal, or a search algorithm (bfs, astar, idastar, ...)
help-arg-knight-method = Version: basic, band or warnsdorff
help-arg-cube-method = optimal, two-phase, idastar or bfs [default: optimal on 2x2x2, two-phase on 3x3x3]
help-arg-cube-metric = How moves are counted: htm (half-turn metric) or qtm (quarter-turn metric)
help-arg-misere = Misère play: whoever takes the last match loses
help-arg-moves = The columns played so far, from 1, e.g. 4453
help-arg-cube-moves = The scramble: moves applied to the solved cube (e.g. \"R U2 F'\")
help-arg-taquin-moves-as = How moves are named: tiles (the tile that slides) or blank (the blank's direction, as the labs name them: up/down/left/right, haut/bas/gauche/droite with --lang fr)
help-value-taquin-moves-as-tiles = The tile that slides into the blank (the course's "coup")
help-value-taquin-moves-as-blank = The direction the blank goes (the labs' naming)
help-arg-queens-n = The size of the board (1 to 32)
help-arg-out = Output folder
help-arg-pdb-build-pattern = The partition [default: the best for the size: 7-8 on 4x4, 6-6-6-6 on 5x5]
help-arg-taquin-pdb-dir = The directory of the pattern databases [default: $XDG_CACHE_HOME/resolu/pdb or ~/.cache/resolu/pdb]
help-arg-pdb-dir = The directory of the tables [default: $XDG_CACHE_HOME/resolu/pdb or ~/.cache/resolu/pdb]
help-arg-pegs = Number of pegs (3 to 8)
help-arg-experiment-taquin-per-depth = Instances per depth
help-arg-knight-prune = Cut branches that leave a free square without enough exits
help-arg-prove-query = The query, with or without its final period; without it, an interactive top level
help-arg-cube-random = A cube drawn uniformly at random among all positions (seeded by --seed)
help-arg-hanoi-rules = The rule base of --method rules: a file, or course, neighbours, optimal [default: course on 3 pegs, neighbours on more]
help-arg-cube-scramble = A random scramble of N moves (seeded by --seed)
help-arg-taquin-search-anyway = Search even when the parity says that no solution exists: the search then explores every reachable board (181,440 on 3x3) and says so
help-arg-experiment-taquin-seed = Random seed of the instances
help-arg-cube-seed = Seed of --scramble and --random
help-arg-matches-play-seed = Seed of the random and mcts levels
help-arg-tictactoe-play-seed = Seed of the random and mcts levels
help-arg-connect4-play-seed = Seed of the random and mcts levels
help-arg-seed = Seed of the random search
help-arg-rules-seed = Seed of the random strategy
help-arg-knight-show-board = Print the board even when it is large (beyond 20x20 the text output gives only the counters; --svg, --html or --format json give the tour)
help-arg-taquin-size = Board size of --census: N or ROWSxCOLS [default: the goal's, else 3x3]
help-arg-pdb-build-size = Board size: N for N x N, or ROWSxCOLS [default: the goal's, else 4]
help-arg-experiment-taquin-size = Board size: N for N x N, or ROWSxCOLS
help-arg-knight-size = Board size: N, or ROWSxCOLS for a rectangle
help-arg-size = The board, columns x rows, each from 4 to 8
help-arg-cube-size = The cube's size: 2 (2x2x2) or 3
help-arg-knight-start = Start square, from 0
help-arg-taquin-start = The start board
help-arg-hanoi-strategy = Conflict resolution of the rules: priority, order, recency, specificity
help-arg-rules-strategy = Conflict resolution: priority, order, recency, specificity, depth, breadth, simplicity, complexity, lex, mea, random
help-arg-knight-svg = Draw the tour (the last one shown, with --all) as an SVG file
help-arg-cube-svg = Write the cube (before solving) as an SVG net to FILE
help-arg-prove-syntax = How the file is written: prolog, or course (the lab's `A <- B, C.` and `B <- True.`, symbols whatever their case; the query is then `'A, D'`, `;` for or). Default: course when the file has a `<-` or `←` arrow, else prolog
help-value-prove-syntax-prolog = Standard Prolog (capitals are variables)
help-value-prove-syntax-course = The lab's notation: `A <- B, C.`
help-arg-connect4-solve-table-bits = Transposition table: about 2^N slots of 5 bytes on 7x6, 8 on the largest boards (16 to 27: 320 KB to 1 GB)
help-arg-take = Allowed takes, e.g. 1,2,3, or 'any' (Nim)
help-arg-taquin-threads = Threads: IDA* splits one board's tree over them, --batch solves that many boards at once (results still in input order); 0 = every core. Capped at the cores available
help-arg-experiment-taquin-threads = Worker threads [default: all cores; at most the cores available]. Results do not depend on it
help-arg-knight-ties = Warnsdorff's tie-break: order (the course's), roth (farthest from the centre), or auto: order up to 8x8 (the course's boards), roth on larger ones, where the move order leads the backtracking astray (no tour of 300x300 in minutes)
help-arg-matches-timeout = Stop a search of sums after this many seconds (decimal allowed; exit 3)
help-arg-matches-states-timeout = Stop a search of sums after this many seconds (decimal allowed; exit 3)
help-arg-matches-tree-timeout = Stop a search of sums after this many seconds (decimal allowed; exit 3)
help-arg-matches-plays-timeout = Stop a search of sums after this many seconds (decimal allowed; exit 3)
help-arg-matches-solve-timeout = Stop a search of sums after this many seconds (decimal allowed; exit 3)
help-arg-matches-play-timeout = Stop a search of sums after this many seconds (decimal allowed; exit 3)
help-arg-timeout = Stop after this many seconds (decimal allowed; exit code 3)
help-arg-connect4-solve-timeout = Stop after this many seconds (exit 3)
help-arg-rules-timeout = Stop after this many seconds, also inside matching and Prolog conditions (decimal allowed; exit code 3)
help-arg-experiment-taquin-timeout = Time limit of each run, in seconds
help-arg-experiment-hanoi-timeout = Time limit of each run, in seconds
help-arg-to-move = The player to move in the starting state (1 or 2)
help-arg-hanoi-trace = Print each cycle of the rules (conflict set, rule fired, facts added and removed), or each expansion of a search with f, g and h
help-arg-rules-trace = Print each cycle: the conflict set, the rule chosen, the facts added and removed
help-arg-trace = Print each expansion with f, g and h
help-arg-prove-trace = Trace the proof: `course` (the lab's DAT trace: each conjunction still to prove, numbered by level, and each rule chosen, until the first success), `steps` (the conjunction and clause of every resolution, compact) or `ports` (call, exit, redo, fail)
help-value-prove-trace-course = The lab's DAT trace: each conjunction still to prove, by level, and the rule chosen
help-value-prove-trace-steps = Every resolution step, compact: the conjunction and the clause chosen
help-value-prove-trace-ports = Prolog's ports: call, exit, redo, fail
help-arg-prove-unknown = What a call to an unknown predicate does: error (existence_error) or fail
help-value-prove-unknown-error = existence_error (standard Prolog)
help-value-prove-unknown-fail = Fail: a fact not in the base is false
help-arg-weight = Weight w of weighted A* (f = g + w·h)
help-arg-prove-whole-answers = Print answers whole: by default a list is cut after 9 elements and a term nested deeper than 10 levels, as SWI-Prolog's top level does (`L = [1,2,3,4,5,6,7,8,9|...]`). JSON answers are always whole
help-arg-matches-plays-winner = Only the plays won by this player (1 or 2)

## clap's parse errors (only used in French: in English clap writes its own)

clap-error-unknown-argument = unexpected argument '{ $arg }' found
clap-error-value-required = a value is required for '{ $arg }' but none was supplied
clap-error-invalid-value = invalid value '{ $value }' for '{ $arg }'
clap-error-possible-values = [possible values: { $values }]
clap-error-invalid-subcommand = unrecognized subcommand '{ $name }'
clap-error-missing-required = the following required arguments were not provided:
clap-error-missing-subcommand = '{ $name }' requires a subcommand but one was not provided
clap-error-subcommands = [subcommands: { $values }]
clap-error-conflict = the argument '{ $arg }' cannot be used with '{ $other }'
clap-error-conflict-many = the argument '{ $arg }' cannot be used with:
clap-error-conflict-others = the argument '{ $arg }' cannot be used with one or more of the other specified arguments
clap-error-used-twice = the argument '{ $arg }' cannot be used multiple times
clap-error-no-equals = equal sign is needed when assigning values to '{ $arg }'
clap-error-too-many-values = unexpected value '{ $value }' for '{ $arg }' found; no more were expected
clap-error-too-few-values = { $wanted } values required by '{ $arg }'; only { $given } provided
clap-error-invalid-utf8 = invalid UTF-8 was detected in one or more arguments
clap-error-tip-similar = tip: { $count ->
    [one] a similar { $what } exists
   *[other] some similar { $what }s exist
}: { $names }
clap-error-tip-escape = tip: to pass '{ $arg }' as a value, use '-- { $arg }'
clap-error-tip = tip: { $tip }
clap-error-usage-heading = Usage:
clap-error-more-info = For more information, try '{ $flag }'.
clap-error-invalid-digit = invalid digit found in string
clap-error-empty-number = cannot parse integer from empty string
clap-error-number-too-large = number too large to fit in target type
clap-error-number-too-small = number too small to fit in target type
clap-error-invalid-decimal = invalid float literal
help-arguments-heading = Arguments
help-options-heading = Options

## The libraries' refusals of an input (only used in French: in English the libraries'
## own words are printed). Each message is the English pattern it translates.

input-at = { $origin }:{ $line }:{ $column }: { $message }
input-syntax-error = { $origin }:{ $line }:{ $column }: syntax error: { $message } (near `{ $near }`)
input-board-forms = write it as 'b h c / a f d / g _ e' (rows separated by '/'), [2, 8, 3, 1, 6, 4, 7, 0, 5] or 2 8 3 1 6 4 7 0 5 (a square count of cells, row by row), or [[b,h,c],[a,f,d],[g,vide,e]]; the blank is 0, _, . or vide
input-board-empty = empty board
input-board-unequal-rows = rows of unequal length: row 1 has { $a } cells, row { $b } has { $c }
input-board-too-small = a board has at least 2 rows and 2 columns, this one is { $a }x{ $b }
input-board-blanks = a board has exactly one blank (0, _, . or vide), this one has { $a }
input-board-repeated-tile = tile { $a } appears more than once
input-board-not-square = a flat list of cells makes a square board (9 cells: 3x3, 16: 4x4), this one has { $a } cells
input-board-row-not-list = a row of a list of rows is not a list: '{ $a }'
input-board-size-mismatch = the start is { $a }x{ $b } but the goal is { $c }x{ $d }
input-board-too-big = boards have at most 256 cells, this one has { $a }
input-board-tile-not-in-goal = tile { $a } is in the start but not in the goal
input-board-tile-not-in-start = tile { $a } is in the goal but not in the start
input-board-different-tiles = the start and the goal have different tiles
input-graph-start-one = 'start' takes exactly one node name
input-graph-start-twice = the start node is given twice
input-graph-goal-name = 'goal' needs at least one node name
input-graph-node-name = 'node' needs a node name
input-graph-attribute = unknown node attribute '{ $a }' (expected h=VALUE, x=X or y=Y)
input-graph-negative = '{ $a }' must be a finite non-negative number
input-graph-not-a-number = '{ $a }' is not a number
input-graph-edge = '{ $a }' takes two node names and an optional cost
input-graph-directive = unknown directive '{ $a }' (expected start, goal, node, edge or arc)
input-graph-no-start = no start node: add a line 'start NAME'
input-graph-no-goal = no goal node: add a line 'goal NAME'
input-maze-empty = the maze is empty
input-maze-too-large = the maze is too large ({ $a }x{ $b }, at most { $c } squares)
input-maze-second-start = a second start 'S' (the first is at line { $a }, column { $b })
input-maze-second-exit = a second exit 'E' (the first is at line { $a }, column { $b })
input-maze-character = unexpected { $a } (expected '#' wall, '.' free, 'S' start or 'E' exit)
input-maze-no-start = the maze has no start 'S'
input-maze-no-exit = the maze has no exit 'E'
input-rules-no-full-stop = this item does not end with a full stop (`.` then a space or a new line)
input-rules-name = expected the rule's name after `rule`
input-rules-integer = expected an integer after `{ $a }`
input-rules-colon = expected `:` after `rule { $a }` (and its priority or salience, if any)
input-rules-arrow = rule { $a } needs `==>` between its conditions and its actions
input-rules-second-arrow = rule { $a } has a second `==>`
input-rules-no-conditions = rule { $a } has no conditions before `==>` (write `true`)
input-rules-second-goal = a rule base has one goal; this is a second
input-rules-clause = this clause cannot be added: { $a }
input-rules-fact = the fact { $a } cannot be added: { $b }
input-syntax-near = syntax error: { $a } (near `{ $b }`)
input-syntax-operator-or-period = operator expected (or missing `.` at the end of the clause)
input-syntax-operator = operator expected
input-syntax-term = term expected
input-syntax-priority-clash = operator priority clash
input-syntax-character = unexpected character
input-syntax-unterminated-quote = unterminated quoted text
input-syntax-unterminated-comment = unterminated block comment
input-syntax-text-after = text after the end of the term
input-syntax-empty-query = empty query
input-syntax-end-of-text = end of text
input-course-after-head = expected `<-` or `.` after the rule's head
input-course-after-body = expected `,`, `;` or `.` (each rule ends with a period)
input-course-symbol = expected a symbol (letters, digits, `_`)
input-syntax-expected = expected `{ $a }`
input-query = query

## The examples after each command's help, as written beside the code
help-after-resolu =
    Examples:
      resolu demo                               every built-in problem on its default
      resolu taquin --start 'bhc/afd/g_e'       the course's 8-puzzle with A* and Manhattan
      resolu graph examples/graphs/romania.graph --algo astar
      resolu hanoi --disks 4                    the expert system on 4 disks
      resolu matches solve --matches 21         who wins, and how
      resolu connect4 solve --moves 3276477567135243   the exact score of a Connect Four position
      resolu knight --size 8 --method warnsdorff
      resolu prove examples/prolog/car.pl 'voiture_OK'
      resolu cube "R U R' U'"                      the Rubik's cube, two-phase

    Exit codes: 0 solved, 1 no solution exists, 2 bad input or usage, 3 a limit stopped the search.
help-after-graph =
    Examples:
      resolu graph examples/graphs/romania.graph --algo astar
      resolu graph examples/graphs/tree.graph --algo dfs --trace
      resolu graph examples/graphs/romania.graph --algo greedy --format json

    File format: one directive per line, '#' starts a comment:
      start NAME | goal NAME... | edge A B [COST] | arc A B [COST] | node NAME [h=VALUE] [x=X y=Y] (x, y: where --html draws it)
help-after-taquin =
    Examples:
      resolu taquin                                   the course's instance, A* and Manhattan
      resolu taquin --start 'a b c / g _ d / h f e'   no solution exists (exit 1), said at once
      resolu taquin --start 'bhc/afd/g_e' --heuristic misplaced --trace
      resolu taquin --start '5 1 2 3/9 6 7 4/13 10 11 8/0 14 15 12' --algo idastar
      resolu taquin --start '1 2/_ 3' --goal standard --format json
      resolu taquin --start '[2, 8, 3, 1, 6, 4, 7, 0, 5]'   the notebook's list (9 cells: 3x3)
      resolu taquin --start '[[b,h,c],[a,f,d],[g,vide,e]]' --algo aetoile --heuristic h1
      resolu taquin --moves-as blank --lang fr         moves as the blank's directions (haut, bas...)
      resolu taquin --start 'a b c / g _ d / h f e' --search-anyway   A* explores all 181,440 boards
      resolu taquin --batch examples/boards.txt --heuristic linear-conflict
      resolu taquin --batch examples/boards.txt --algo idastar --threads 2   boards on 2 cores
      resolu taquin --start '5 1 2 3/9 6 7 4/13 10 11 8/0 14 15 12' --algo idastar --threads 0
      resolu taquin --census --size 2x5 --format json      boards at each distance from the goal
      resolu taquin --start '5 1 2 3/9 6 7 4/13 10 11 8/0 14 15 12' --algo idastar --heuristic pdb:5-5-5

    Boards: rows separated by '/' or new lines, cells by spaces (a row of one-character tiles may
    be written without spaces); tiles are numbers or letters; the blank is 0, _, '.' or vide.
    The labs' forms too: [2, 8, 3, 1, 6, 4, 7, 0, 5] or 2 8 3 1 6 4 7 0 5 (9 cells: 3x3, 16: 4x4)
    and [[b,h,c],[a,f,d],[g,vide,e]].
    Names: h1 = misplaced (the blank not counted), h2 = manhattan; French algorithm names
    (aleatoire, profondeur, profondeur-iterative, largeur, cout-uniforme, glouton, aetoile,
    aetoile-ponderee, idaetoile) and heuristics (mal-places, conflits-lineaires).
    Goals: 'standard' (ascending, blank last), 'snail' (ascending along a clockwise spiral from
    the top-left corner), or a board. Default: snail on 3x3, standard otherwise.

    Pattern databases: --heuristic pdb takes the best for the size (the exact distance table up
    to 10 cells, 7-8 on 4x4, 6-6-6-6 on 5x5), pdb:7-8, pdb:6-6-3, pdb:5-5-5, pdb:6-6-6-6 or any
    partition (pdb:4-4, pdb:1,2,3/4,5,6,7,8); the board mirrored about the diagonal is looked up
    too when the goal allows. Tables are read from --pdb-dir (default
    $XDG_CACHE_HOME/resolu/pdb or ~/.cache/resolu/pdb), built on first use with a progress bar
    (see `resolu pdb --help`).
    --census counts the boards at each distance from the goal by an exhaustive breadth-first
    search, 2 bits a board (3x3: 181,440; 3x4: 239,500,800 in 120 MB); JSON {"{"}states, diameter,
    counts{"}"}.
help-after-experiment-taquin =
    Examples:
      resolu experiment taquin                       the course's study (3x3, depths 2..30): a few seconds
      resolu experiment taquin --depths 2,4,6,8 --per-depth 3 --out out/quick
      resolu experiment taquin --size 4 --depths 10,20,30 --heuristics manhattan,linear-conflict --algos idastar

    Writes into --out: runs.csv (one row per run), nodes.svg, time.svg, bstar.svg and report.md.
help-after-experiment-hanoi =
    Examples:
      resolu experiment hanoi                               3 pegs, 1 to 12 disks: bfs, astar, optimal
      resolu experiment hanoi --pegs 4 --disks 1-8 --algos bfs,astar,idastar,optimal

    Writes into --out: runs.csv (one row per run), nodes.svg, time.svg, bstar.svg and report.md;
    the depth of a run is the optimal number of moves (2^n - 1 on 3 pegs).
help-after-prove =
    Examples:
      resolu prove examples/prolog/car.pl 'voiture_OK'              the course's diagnosis
      resolu prove examples/course/dat.txt 'A, D' --trace course --lang fr   the lab's DAT trace
      resolu prove examples/course/dat.txt 'A ; F'                  the lab's notation, ; for or
      resolu prove examples/prolog/car.pl voiture_OK --trace        DAT on the car base (--lang en|fr)
      resolu prove examples/prolog/car.pl voiture_OK --trace=steps  every resolution step, compact
      resolu prove examples/prolog/car.pl voiture_OK --explain      the proof tree
      resolu prove examples/prolog/tiny.pl 'a, f'                   false. (f is unknown: false)
      resolu prove examples/prolog/family.pl 'grandparent(tom, X)'
      resolu prove examples/prolog/lists.pl 'append(X, Y, [1,2])' --format json
      resolu prove examples/prolog/queens.pl 'queens2(8, Qs)' --limit 3
      resolu prove examples/prolog/family.pl 'ancestor(tom, X)' --trace=ports
      resolu prove examples/prolog/family.pl                        interactive: ?- prompt, ';' for more

    Answers print as `X = tom, Y = bob` (`true` when the query has no variable to show), and
    `false.` when there is none. Long answers are abbreviated as SWI-Prolog's top level does:
    `numlist(1, 100, L)` prints `L = [1,2,3,4,5,6,7,8,9|...]`; --whole-answers prints them
    whole (`resolu prove f.pl 'numlist(1, 100, L)' --whole-answers`), written as they are
    produced and within --timeout. Exit codes: 0 at least one answer, 1 none (or an uncaught error
    of the program), 2 syntax error or bad usage, 3 a limit stopped it (inferences, time or
    memory; directives of the file count too). By default a query may make 100,000,000
    inferences (a few seconds) and use half the available memory: a runaway loop stops with a
    message naming the limit; raise them with --max-inferences (0: no limit) and --max-memory.
    Ctrl-C stops a query the same way (exit 3, with the inferences so far). halt(N) ends the
    process with exit code N at once. Inside Prolog, running out of memory raises
    resource_error(memory), which catch/3 can catch. What the program writes appears as it is
    written; read/1 and get_char/1 read standard input as they need it.
help-after-rules =
    Examples:
      resolu rules examples/rules/car.rules                every conclusion and how it was derived
      resolu rules examples/rules/car.rules --fact klaxon_OK --trace
      resolu rules examples/rules/hanoi.rules --trace      the course's expert system, cycle by cycle
      resolu rules examples/rules/hanoi.rules --strategy recency --max-cycles 100
      resolu rules examples/rules/car.rules --explain voiture_OK   the full tree of one fact
      resolu rules examples/rules/strategies.rules --strategy depth --trace

    File format (Prolog clauses may be mixed in; conditions may call them):
      fact TERM.   facts T1, T2.                 the initial working memory (ground terms)
      rule NAME [priority N] [salience N]: C1, C2 ==> A1, A2.   conditions ==> actions
      goal C1, C2.                               optional: stop as soon as this holds
    Conditions: patterns matched against facts, calls to Prolog predicates, \+ G or not(G).
    A pattern over a relation that no fact, action or clause defines is an error (declare it
    with `:- dynamic name/arity.` if it may come from --fact).
    Actions: assert(F), retract(F), print(X, ...), halt, or any Prolog goal.
    Strategies: salience first (higher first, as in CLIPS), then: priority (smallest number
    first: the course's meta-rule), order (file order), recency (most recent facts first),
    specificity (most conditions first); ties follow the file order, then the order the
    instances were found. CLIPS 6's strategies: depth (newest activation first), breadth
    (oldest first), simplicity / complexity (fewest / most comparisons), lex, mea, random
    (seeded by --seed). An instance fires once (refraction).
    Exit codes: 0 goal reached, halted, or nothing left to derive (no goal); 1 stuck (no rule
    eligible before the goal); 2 bad file; 3 --max-cycles, --timeout, --max-memory or
    --max-inferences reached, or Ctrl-C.
help-after-hanoi =
    Examples:
      resolu hanoi                                  the course's expert system: 26 moves
      resolu hanoi --disks 4 --compact              80 moves, one line each
      resolu hanoi --rules optimal --disks 5        rules that look at the last disk moved: 31
      resolu hanoi --pegs 4                         the course's rules on 4 pegs (neighbours)
      resolu hanoi --rules examples/rules/hanoi.rules --trace   a rule base file, cycle by cycle
      resolu hanoi --method optimal                 the recursive algorithm: 7 moves
      resolu hanoi --method optimal --pegs 4 --disks 8   Frame–Stewart: 33 moves
      resolu hanoi --method bfs --pegs 4 --disks 6 --format json
      resolu hanoi --method idastar --disks 3 --compact

    Methods: rules (the default: a rule base run by forward chaining, see `resolu rules --help`),
    optimal (the recursion for 3 pegs, Frame–Stewart for more), or a search algorithm:
    random, dfs, iddfs, bfs, ucs, greedy, astar, wastar, idastar (the informed ones with an
    admissible heuristic: each disk off the goal peg moves at least once, each disk on it above
    a misplaced larger one at least twice).
    --method bfs counts all P^N situations (2 bits each; JSON adds counts and eccentricity); with
    --max-nodes or --timeout it runs the generic breadth-first search instead.
    Pegs are numbered from 0; the disks start on peg 0 and go to the last peg. JSON: `length`,
    `moves` as [from, to] pairs, `optimum` (2^n - 1, or Frame–Stewart's number).

    Rule bases: --rules takes a file or a built-in name: course (examples/rules/hanoi.rules, the
    default on 3 pegs), neighbours (examples/rules/hanoi-neighbours.rules, the default on more
    pegs), optimal (examples/rules/hanoi-optimal.rules). A situation is a list of pegs, each the
    list of its disks bottom first, as the pegs are drawn: [[3,2,1],[],[]]. --disks and --pegs
    replace the file's facts state(S), seen(S) and target(T) by the start situation (twice) and
    the goal one; the other facts stay. Without a goal in the file, the goal is
    `state(S), target(S)`. Every move the rules make is checked; exit 1 if the rule base gets
    stuck, 3 at --max-cycles, --timeout or --max-memory (honoured inside matching and Prolog
    conditions too).
help-after-matches =
    Examples:
      resolu matches                          the course's model: states, operators, tree, verdict
      resolu matches states                   the states and the successor function
      resolu matches tree                     the search tree, each state with its winner
      resolu matches plays --winner 1         every play won by player 1, depth first
      resolu matches plays --winner 1 --bfs   the same, breadth first (shortest plays first)
      resolu matches solve --matches 21       who wins, and how
      resolu matches solve --matches 21 --format json
      resolu matches solve --heaps 3,4,5 --take any       Nim: Sprague-Grundy (XOR)
      resolu matches solve --heaps 3,4,5 --take any --misere   Bouton's misere rule
      resolu matches play --first computer --level random --seed 7

    A state is (matches left, player to move); with several heaps, (heap heap ..., player).
    Normal play: whoever takes the last match wins (a player who cannot move loses); --misere:
    whoever takes the last match loses. Moves in JSON: the number of matches taken, or
    {"["}heap, taken] with several heaps (heaps numbered from 1). In `play`, type the number to
    take (with several heaps: the heap then the number, e.g. '2 3'); 'q' resigns.
help-after-matches-states =
    Examples:
      resolu matches states                    the 12 states (n, player) of either player starting,
                                               then (5, 1)  -1-> (4, 2)  -2-> (3, 2)  -3-> (2, 2) ...
      resolu matches states --matches 7 --take 1,2
      resolu matches states --format json      each state with its successors
help-after-matches-tree =
    Examples:
      resolu matches tree                      the course's tree: 28 nodes, 13 plays
      resolu matches tree --matches 8 --depth 3
      resolu matches tree --heaps 1,2,2 --take any --misere
help-after-matches-plays =
    Examples:
      resolu matches plays --winner 1          the 7 plays won by player 1, depth first
      resolu matches plays --winner 1 --bfs    the same, shortest first
      resolu matches plays --matches 10 --limit 5 --format json
help-after-matches-solve =
    Examples:
      resolu matches solve --matches 21                  take 1, leaving 20
      resolu matches solve --matches 1000000 --format json
      resolu matches solve --matches 10 --take 1,3,4 --misere
      resolu matches solve --heaps 3,4,5 --take any      Nim, by the XOR of the heaps

    JSON: {"{"}"to_move", "value": win|loss|draw, "winning_moves", "plies_to_end"{"}"}; a move is
    the number taken, or [heap, taken] with several heaps.
help-after-matches-play =
    Examples:
      resolu matches play                                 5 matches, you first
      resolu matches play --matches 21 --first computer   the computer starts (and wins)
      resolu matches play --heaps 3,4,5 --take any        Nim: type 'heap count', e.g. '2 3'
      printf '1\n3\n' | resolu matches play               moves from a script

    'q' stops the game; so does the end of the input.
help-after-tictactoe =
    Examples:
      resolu tictactoe                          counts, the verdict, and what each algorithm visits
      resolu tictactoe solve                    a draw: every first move holds it
      resolu tictactoe solve --board 'xx./oo./...' --format json
      resolu tictactoe play                     you are X and start
      resolu tictactoe play --first computer --level random --seed 3

    Boards: nine cells row by row, x, o or . (rows may be separated by '/'). Cells are written
    row then column, from 1: in `play` type '2 3' (row 2, column 3) or a cell number 1-9 (row
    by row); in JSON a cell is [row, col]. 'q' stops the game.
help-after-tictactoe-solve =
    Examples:
      resolu tictactoe solve                                  a draw, 9 moves
      resolu tictactoe solve --board 'xx./oo./...'            X wins at once in (1, 3)
      resolu tictactoe solve --board 'x.x/.o./x.o' --format json
help-after-tictactoe-play =
    Examples:
      resolu tictactoe play                              you are X, the computer is perfect
      resolu tictactoe play --first computer             the computer is X
      resolu tictactoe play --level random --seed 3      an opponent you can beat
      resolu tictactoe play --level mcts:2000            Monte Carlo tree search, 2000 iterations a move
      printf '2 2\n1 1\n' | resolu tictactoe play        moves from a script

    Type a cell as 'row column' (e.g. '2 3') or as a number 1-9 row by row; 'q' stops.
help-after-connect4 =
    Examples:
      resolu connect4 --moves 4453                     the board after columns 4, 4, 5, 3
      resolu connect4 solve --moves 3276477567135243   score 11: player 1 wins
      resolu connect4 solve --moves 3276477567135243 --analyze   and each column's score
      resolu connect4 solve --moves 4453 --format json --timeout 60   (slow: 10 s of search)
      resolu connect4 solve --size 5x4                 the empty 5x4 board: a draw
      resolu connect4 play --size 6x5                  you first, against the solver
      resolu connect4 play --level mcts:5000           Monte Carlo tree search, 5000 iterations a move

    A position is the sequence of the columns played, numbered from 1 (as published test sets
    write it). The score, for the player to move: 0 a draw; a win scores (cells + 1 - n) / 2,
    n being the stones on the board before the winning stone (on 7x6: 22 minus the winner's
    stone count, so a faster win scores higher); a loss scores minus the opponent's win.
help-after-connect4-solve =
    Examples:
      resolu connect4 solve --moves 3276477567135243 --format json
      resolu connect4 solve --moves 3276477567135243 --analyze   each column's score
      resolu connect4 solve --size 6x5                   the empty 6x5 board, outright (seconds)
      resolu connect4 solve --size 5x4 --book 6          from an opening book (built once)
      resolu connect4 solve --moves 4 --timeout 2        exit 3 if not solved in 2 seconds

    JSON: {"{"}"score", "best_moves" (columns from 1), "nodes" (positions searched),
    "column_scores" (null for a full column), "to_move", "elapsed_ms"{"}"}; without --analyze
    "best_moves" and "column_scores" are null. A stopped run gives "score": null,
    "reason" and exit 3.
    The solver, after Pascal Pons's: bitboards, negamax with alpha-beta over the moves that do
    not lose at once, a transposition table of bounds, moves ordered by the winning cells they
    create then centre first, null-window searches on the score. Near the end of a 7x6 game
    it takes microseconds, in the middle milliseconds to seconds; the empty 7x6 board hours.
help-after-connect4-play =
    Examples:
      resolu connect4 play --size 5x4                    the solver on a small board
      resolu connect4 play                               7x6, alpha-beta a second a move
      resolu connect4 play --level perfect --moves 3276477567135243   the solver, mid-game
      resolu connect4 play --level mcts:5000 --first computer
      printf '4\n4\n4\n' | resolu connect4 play --level random --seed 1

    Type a column number; 'q' stops the game.
help-after-knight =
    Examples:
      resolu knight                                  the course's 5x5 tour from (0,0), basic version
      resolu knight --method warnsdorff              the course's Warnsdorff tour, no backtrack
      resolu knight --method warnsdorff --degrees    the matrix of free neighbours, then each step
      resolu knight --method warnsdorff --start 1,3  Warnsdorff must backtrack here (214 backtracks)
      resolu knight --start 0,1                      refused, exit 1: no tour starts on that colour
      resolu knight --size 8 --method warnsdorff --ties roth --svg tour.svg
      resolu knight --size 1000 --method warnsdorff --ties roth --format json > tour.json
      resolu knight --size 6 --closed --method warnsdorff --prune
      resolu knight --size 5x6 --start 2,3 --method band
      resolu knight --count                          304 open tours of 5x5 from a corner
      resolu knight --size 6 --closed --count --prune   19,724 directed closed tours of 6x6
      resolu knight --count --all-starts --prune     1,728 open tours of 5x5 from every square
      resolu knight --all                            one tour at a time, asking whether to go on
      resolu knight --all --limit 3 --format json    JSON Lines: 3 tours, then a summary

    Methods: basic (moves in the course's order, bounds tested), band (a border two squares wide
    marked taken: no bounds test), warnsdorff (fewest onward moves first, backtracking among
    equally good squares first). Ties of Warnsdorff: order (the course's move order), roth
    (farthest from the centre) or auto (the default: order up to 8x8, roth above). --prune refuses moves that leave a free square without enough
    exits (it changes the tries, never the tours).

    Counters, the same for the three methods: tries are the squares the knight was placed on,
    backtracks the squares taken back, bounds tests the moves tested for staying on the board
    (basic tests each move; the band and Warnsdorff need none: the band's gain). --max-nodes
    counts moves tested (JSON moves_tested). On a board with an odd number of squares, a start
    of the minority colour (row + column odd) has no tour: it is refused at once.
help-after-queens =
    Examples:
      resolu queens                     the first solution on 8x8, with its tries and backtracks
      resolu queens 12 --count          14200 solutions
      resolu queens 6 --all             one solution at a time, asking whether to go on
      resolu queens 8 --all --limit 5 --format json   JSON Lines: 5 solutions, then a summary

    One queen per row; the columns are tried from left to right; columns and diagonals are
    bitsets, so the promising test is three bit reads. --max-nodes counts tries.
help-after-maze =
    Examples:
      resolu maze examples/mazes/classic.maze                  backtracking: a path, its tries
      resolu maze examples/mazes/rooms.maze --algo bfs         the shortest path
      resolu maze examples/mazes/rooms.maze --algo astar --format json
      resolu maze examples/mazes/walled.maze                   no path (exit 1)

    File format: '#' a wall, '.' a free square, 'S' the start, 'E' the exit (one each); a row
    shorter than the others is completed with walls. The path is drawn with 'o'.
    Backtracking tries east, south, west, north in turn; a square left by backtracking stays
    marked as a dead end. --max-nodes counts tries (backtrack) or expansions (bfs, astar).
help-after-pdb =
    Examples:
      resolu pdb build --size 4 --pattern 5-5-5       the three 5-tile tables of the 15-puzzle
      resolu pdb build --pattern 7-8 --goal '0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15'   (slow: minutes)
      resolu pdb info                                  what is cached, with sizes and checksums
      resolu pdb verify --pdb-dir /tmp/tables          read every file whole and check it

    Tables live in $XDG_CACHE_HOME/resolu/pdb, else ~/.cache/resolu/pdb; --pdb-dir chooses
    another directory. A file records the board size, the goal, the partition, a format version
    and a checksum; `resolu taquin --heuristic pdb:7-8 --goal G` uses what `resolu pdb build
    --pattern 7-8 --goal G` built (a missing or damaged table is built on first use).
    Partitions: 7-8, 6-6-3, 5-5-5 (4x4), 6-6-6-6 (5x5, Korf and Felner's groups), other sizes
    like 4-4 or 3-4-4, or groups of tile names: '1,2,3,4/5,6,7,8'. Groups given by sizes take
    the tiles in the order of their goal cells. `pdb verify` exits 1 if a file is damaged.
help-after-cube =
    Examples:
      resolu cube "R U R' U'"                        solve what this scramble leaves (two-phase)
      resolu cube --scramble 25 --seed 7             a random 25-move scramble, two-phase
      resolu cube --random --seed 1                  a uniformly random cube
      resolu cube "R U2 F' L D" --method optimal     IDA* with Korf's pattern databases
      resolu cube --scramble 14 --method optimal --timeout 60   (slow: up to a minute)
      resolu cube --facelets UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB
      resolu cube --size 2 --census                  the 2x2x2's 3,674,160 positions by distance
      resolu cube --size 2 --census --metric qtm
      resolu cube --size 2 "R U F' R2" --format json
      resolu cube "R U" --svg cube.svg               the scrambled cube as an SVG net

    MOVES: Singmaster notation, faces U D L R F B, each followed by nothing (a clockwise quarter
    turn), 2 (a half turn) or ' (counter-clockwise); applied to the solved cube, and the cube it
    leaves is the one solved. --facelets: 54 letters, faces in the order U R F D L B, each read
    row by row as in the net drawn (U with B on top, D with F on top); any six colours, the
    centres naming them. On the 2x2x2: 24 letters, four a face.
    Methods: optimal (default on 2x2x2: table lookup; on 3x3x3: IDA* with pattern databases,
    the corners' 88,179,840 entries and two groups of six edges, built once, about a minute,
    and cached), two-phase (default on 3x3x3: Kociemba's, at most --max-length moves; with
    --timeout it keeps looking for shorter ones until then), idastar and bfs (the generic
    algorithms of the library on the same cube). Tables are cached in --cache-dir (default
    $XDG_CACHE_HOME/resolu or ~/.cache/resolu) with a checksum, and rebuilt if damaged.
    Metrics: htm (every face turn counts 1), qtm (a half turn counts 2; the optimal methods then
    search quarter turns, two-phase stays a half-turn method whose solution is counted in
    quarter turns). Limits: --timeout stops any method, and the pattern databases' build too
    (a build cut short is not cached); --max-nodes applies to idastar and bfs; --max-memory to
    bfs, to the pattern databases and to the 2x2x2 table (--census too).
    JSON: {"{"}"solution", "length", "metric", "optimal", "stats"{"}"}; with --census
    {"{"}"metric", "counts"{"}"}.


## clap's own -h/--help line in the long help
help-flag-help-long = Print help (see a summary with '-h')

## Unknown names (the libraries' messages, recognised whole)
input-unknown-algorithm = unknown algorithm '{ $a }' (expected one of: { $b }; in French: { $c })
input-unknown-heuristic = unknown heuristic '{ $a }' (expected one of: { $b }; the course's h1, h2; in French: { $c })
input-unknown-strategy = unknown strategy '{ $a }' (expected one of: { $b })
input-unknown-method = unknown method '{ $a }' (expected { $b })

## The CLI's own refusals (exit code 2), each as the CLI words it
refusal-flag = { $flag }: { $message }
refusal-origin = { $origin }: { $message }
refusal-origin-line = { $origin }:{ $line }: { $message }
refusal-heaps-at-most = --heaps: at most { $max } heaps
refusal-fact-not-ground = --fact: { $fact } is not a ground atom or compound term
refusal-demo-maze = demo maze: { $message }
refusal-taquin-course-solvable = the course's question should be unsolvable
refusal-hanoi-method = unknown method '{ $method }' (expected rules, optimal, or a search algorithm: { $names })
refusal-hanoi-too-many = { $disks } disks on { $pegs } pegs take { $best } moves; --method optimal lists at most { $max }
refusal-hanoi-mismatch = the search measured { $length } moves but Frame–Stewart's solution has { $moves }
refusal-rule-not-situation = { $origin }: rule { $rule } made state({ $state }), not a situation of { $disks } disks on { $pegs } pegs: { $message }
refusal-rule-not-legal = { $origin }: rule { $rule } went from { $from } to { $to }, which is not one legal move
refusal-read-terminal = cannot read the terminal: { $message }
refusal-halt = { $origin }: halt({ $code })
refusal-cannot-create = cannot create { $path }: { $message }
refusal-cannot-write = cannot write { $path }: { $message }
refusal-compare-unknown = --compare: unknown algorithm '{ $name }' (random, dfs, iddfs, bfs, ucs, greedy, astar, wastar, idastar)
refusal-pdb-dir-is-file = --pdb-dir: { $path } is a file, not a folder (give a folder, which is created if missing)
refusal-no-cache-dir = no cache directory: set HOME or XDG_CACHE_HOME, or give { $flag }
refusal-goal-size = --goal is { $goal } but --size is { $size }
refusal-size-range = --size: '{ $size }' is not N or ROWSxCOLS between 2x2 and 64 cells
refusal-not-pdb = '{ $spec }' is not a pattern database
refusal-heuristic-spec = --heuristic { $spec }: { $message }
refusal-disks-range = --disks: between 1 and 20 disks
refusal-pegs-range = --pegs: between 3 and 8 pegs
refusal-per-depth = --per-depth must be 1 to { $max }, not { $value }
refusal-korf-count = --korf: there are { $count } of Korf's boards, not { $value }
refusal-threads = cannot start { $threads } threads: { $message }
refusal-connect4-solver = the solver { $message }
refusal-connect4-book = the opening book's build { $message }
refusal-cube-size = --size must be 2 or 3, got { $size }
refusal-cube-metric = unknown metric '{ $metric }' (expected htm or qtm)
refusal-cube-color = unknown --color '{ $color }' (expected auto, always or never)
refusal-cube-census = --census enumerates the 2x2x2 (--size 2); the 3x3x3 has 4.3e19 positions
refusal-cube-method = unknown method '{ $method }' (expected optimal, two-phase, idastar or bfs)
refusal-cube-two-phase = two-phase is a 3x3x3 method; the 2x2x2 is solved optimally by lookup (--method optimal)
refusal-cube-not-solved = internal error: the solution { $solution } does not solve the cube
refusal-cube-moves = moves '{ $moves }', { $message }
refusal-cube-impossible = impossible cube: { $message }
refusal-cube-scramble = --scramble { $count }: at most 10000 moves
refusal-cube-tables = internal error: the two-phase tables were not built
refusal-capitals-hint = {" "}(in Prolog a name that starts with a capital is a variable, so this clause has no predicate: write the lab's base as `A <- B, C.` and run it with --syntax course, or use lower-case names)

# The course's other boards and sizes, as the libraries word them (input_errors_fr.rs).
input-knight-size = bad board size '{ $a }' (expected N or ROWSxCOLS, e.g. 8 or 5x6)
input-knight-square = bad square '{ $a }' (expected ROW,COL, e.g. 0,0)
input-queens-size = N-queens needs 1 <= N <= 32, got { $a }
input-hanoi-disks = with { $a } pegs the disks must number 1 to { $b }, not { $c }
input-tictactoe-cells = a board has nine cells, got { $a } (write rows like 'x.o/.x./...')
input-tictactoe-cell = column { $a }: '{ $b }' is not a cell (x, o or .)
input-matches-takes = '{ $a }': takes must be whole numbers of at least 1 (or 'any')
input-whole-number = '{ $a }' is not a whole number from 0 to { $b }
input-connect4-column = character { $a } ('{ $b }'): not a column (1 to { $c })
input-connect4-won = move { $a } (column { $b }): the game is already won
input-connect4-full = move { $a }: column { $b } is full ({ $c } stones)
input-connect4-columns = { $a } columns: a board has 4 to 8 columns
input-connect4-rows = { $a } rows: a board has 4 to 8 rows

# The experiments' own refusals (input_errors_fr.rs).
input-experiment-no-disks = { $a }: no number of disks given
input-experiment-no-depth = { $a }: no depth given
input-experiment-bad-disks = { $a }: '{ $b }' is not a number of disks, a range A-B or A-B/STEP
input-experiment-bad-depth = { $a }: '{ $b }' is not a depth, a range A-B or A-B/STEP
input-experiment-empty-list = { $a }: the list is empty
input-experiment-size = --size: '{ $a }' is not N or ROWSxCOLS
input-experiment-size-range = --size: { $a }x{ $b } is not between 2x2 and 64 cells
input-experiment-goal = --goal: { $a }

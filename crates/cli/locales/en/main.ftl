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

## Shared by the searches

stopped = stopped: { $reason }
trace-of = Trace of { $algorithm }:
algorithm-with = { $algorithm } with { $heuristic }

## taquin

taquin-start = Start:
taquin-goal = Goal:
taquin-move = Move { $number }: { $name }
taquin-h-start-goal = h(start) = { $start }, h(goal) = { $goal } (heuristic { $heuristic })
taquin-solved = Solved by { $what } in { $count ->
        [one] { $count } move
       *[other] { $count } moves
    }{ $optimal ->
        [yes] {" "}(optimal)
       *[no] {""}
    }: { $moves }
taquin-unsolvable = No solution exists: the start and the goal differ by a permutation whose parity is not that of the blank's distance, and every move keeps the two parities equal (decided before any search).
taquin-default-goal-hint = Note: without --goal, the goal of a 3x3 board is the snail ({ $snail }); this board reaches the standard goal ({ $standard }): add --goal standard.
taquin-census-heading = distance  boards
taquin-census-summary = { $reached } boards reach the goal; the farthest are { $farthest } moves away ({ $count } of them).
taquin-demo-question = Does A* find a solution for a b c / g _ d / h f e?

## Enumerations (knight, queens)

enumerate-count = { $count } { $noun ->
        [tour] { $count ->
            [one] tour
           *[other] tours
        }
       *[other] { $count ->
            [one] solution
           *[other] solutions
        }
    }{ $how ->
        [stopped] {" "}(stopped before the end)
        [all] {" "}(all of them)
        [interrupted] {" "}(interrupted: the count is a lower bound)
        [limit] {" "}(stopped by a limit: the count is a lower bound)
       *[none] {""}
    }: { $title }
enumerate-another = { $noun ->
        [tour] Another tour? [Y/n]
       *[other] Another solution? [Y/n]
    }

## knight

knight-tour-number = Tour { $number }:
knight-found = Found: { $counters }
knight-describe = { $closed ->
        [yes] closed knight's tour
       *[no] knight's tour (open)
    } of { $rows }x{ $cols } from ({ $row }, { $col }), { $method ->
        [warnsdorff] Warnsdorff's rule (first fail: the fewest onward moves first), ties { $ties }
       *[other] { $method } version
    }{ $prune ->
        [yes] , pruning dead ends
       *[no] {""}
    }
knight-stats-line = { $tries } tries, { $backtracks } backtracks, { $bounds } bounds tests, depth { $depth }, { $ms } ms
knight-degrees-heading = Free neighbours of each square (Warnsdorff's rule, "first fail": go to the free square with the fewest onward moves first):
knight-steps-heading = Step by step along the tour: the free squares a move away, each with its free neighbours, then the square chosen:
knight-step = from { $from }: { $candidates } -> { $chosen }
knight-no-tour = no tour exists: { $reason }.
knight-demo-count = Open tours of 5x5 from (0, 0): { $count } ({ $counters })
knight-class = { $squares ->
        [one] 1 square
       *[other] { $squares } squares
    } like ({ $row }, { $col }): { $tours ->
        [one] 1 tour
       *[other] { $tours } tours
    } each ({ $tries } tries)
knight-all-starts = { $total } directed { $closed ->
        [yes] closed
       *[no] open
    } tours from every start square.
knight-all-starts-limit = stopped by a limit: at least { $total } directed { $closed ->
        [yes] closed
       *[no] open
    } tours.
heading = { $title }:

## queens

queens-title = { $n } queens on { $n }x{ $n }
queens-solution = Solution { $number }:
queens-first = { $n } queens on { $n }x{ $n }, first solution:
queens-demo-count = All solutions of the 8 queens: { $count } ({ $counters })

## maze

maze-ragged = the rows differ in length (line { $line } has { $cells } cells, the widest { $widest }); the missing cells count as walls
maze-path = Path of { $count ->
        [one] 1 move
       *[other] { $count } moves
    } found { $how ->
        [backtrack] by backtracking (not always the shortest)
        [bfs] by BFS (shortest)
       *[astar] by A* with the Manhattan distance (shortest)
    }.

## graph

note = Note: { $note }
graph-stopped-reading = { $reason } while reading { $file }
graph-isolated = { $role ->
        [start] the start
       *[goal] the goal
    } { $name } is in no edge or arc of the graph
graph-path = { $count ->
        [one] 1 step
       *[other] { $count } steps
    }, cost { $cost }: { $path }
graph-step-cost = (+{ $step }, total { $total })

## hanoi

hanoi-header = Towers of Hanoi: { $disks } disks on { $pegs } pegs, from peg 0 to peg { $goal }, by { $how }.
hanoi-by-rules = the rules of { $origin } (strategy { $strategy })
hanoi-by-recursion = the recursive algorithm (n - 1 disks aside, the largest across, n - 1 on top)
hanoi-by-frame-stewart = Frame–Stewart (k disks aside with every peg, the others with one peg fewer, k on top)
hanoi-by-search = search ({ $algorithm })
hanoi-by-bfs = exhaustive breadth-first search (2 bits a situation)
hanoi-start = Start
hanoi-situation = { $title }, situation { $number }
hanoi-move = Move { $number }{ $by }: disk { $disk } from peg { $from } to peg { $to }
hanoi-by-rule = { $rule }, { $count ->
        [one] { $count } rule eligible
       *[other] { $count } rules eligible
    }
hanoi-frame-stewart-number = { $best }, the Frame–Stewart number
hanoi-optimal-solved = Solved in { $count ->
        [one] { $count } move
       *[other] { $count } moves
    } (optimal: { $optimum }).
hanoi-search-solved = Solved by { $algorithm } in { $count ->
        [one] { $count } move
       *[other] { $count } moves
    }{ $optimal ->
        [yes] {" "}(optimal)
       *[no] {""}
    }; the optimum is { $optimum }.
hanoi-bfs-distance = The goal is { $count } moves from the start (breadth-first distance): Frame–Stewart's { $optimum }.
hanoi-bfs-reached = { $reached } situations reached, the farthest { $farthest } moves from the start; situations at each distance: { $counts }
hanoi-bfs-table = { $bytes } bytes of table, { $seconds } s.
hanoi-rules-solved = Solved by the rules in { $count } moves; the optimum is { $optimum }.
hanoi-rules-stuck = Stuck after { $count ->
        [one] { $count } move
       *[other] { $count } moves
    }: no rule is eligible and the disks are not all on peg { $peg }.
hanoi-rules-limit = { $stopped } { $count ->
        [one] { $count } move
       *[other] { $count } moves
    } made.
hanoi-rules-off-goal = { $stopped } But after { $count ->
        [one] { $count } move
       *[other] { $count } moves
    } the disks are not all on peg { $peg }.
hanoi-why-neighbours = Why { $count } and not { $optimum }: these rules only move a disk between neighbouring pegs (0-1 and 1-2, never 0-2 directly), so every disk must pass through the middle peg. With that restriction the puzzle takes 3^{ $n } - 1 = { $count } moves, the fewest possible, going through all 3^{ $n } = { $situations } situations, each once.
hanoi-neighbours-longer = These rules only move a disk between neighbouring pegs, so every disk passes through each peg in between: more moves than the optimum.
hanoi-repeated = { $count ->
        [0] No situation was repeated.
        [one] { $count } move led back to a situation already met.
       *[other] { $count } moves led back to a situation already met.
    }

## matches

or = or
or-list = { $list } or { $last }
player = player { $number }
matches-take = take { $count ->
        [one] { $count } match
       *[other] { $count } matches
    }
matches-take-from = take { $count ->
        [one] { $count } match
       *[other] { $count } matches
    } from heap { $heap }
matches-any-number = any number of matches
matches-counts = { $list } matches
matches-heaps = heaps of { $list } matches
matches-count = { $count ->
        [one] { $count } match
       *[other] { $count } matches
    }
matches-rules = { $heaps }, take { $takes }{ $several ->
        [yes] {" "}from one heap
       *[no] {""}
    } on each turn, { $misere ->
        [yes] whoever takes the last match loses
       *[no] whoever takes the last match wins
    }
matches-title = The matches game: { $rules }.
matches-states = States { $several ->
        [yes] (matches left in each heap, player to move)
       *[no] (matches left, player to move)
    }: { $count } reachable from { $start }{ $complete ->
        [yes] {""}
       *[no] {" "}(first ones; see --limit)
    }
matches-states-either = States with either player starting: { $count }{ $complete ->
        [yes] {""}
       *[no] {" "}(first ones; see --limit)
    }
matches-initial = Initial state: { $state }.
matches-final-won = { $state } (player { $player } has won)
matches-final-draw = { $state } (draw)
matches-finals-none = Final states: none among those listed.
matches-finals = Final states: { $list }.
matches-successors = Successor function:
matches-none-final = (none: final)
matches-leaving = { $take } (leaving { $left })
matches-verdict-win = Verdict: { $who }, to move in { $state }, can force a win: { $moves }.
matches-verdict-loss = Verdict: { $who }, to move in { $state }, loses against perfect play, whatever the move.
matches-verdict-draw = Verdict: a draw with perfect play.
matches-perfect-play = With perfect play the game ends after { $count ->
        [one] { $count } more move
       *[other] { $count } more moves
    } (the winner hurries, the loser delays).
matches-why-four = Why: a multiple of 4 is lost for the player to move (whatever k they take, the opponent takes 4 - k), and any other number is won by leaving a multiple of 4.
matches-decided-by = Decided by { $method }.
game-counters = Counters: { $visited } positions visited, { $expanded } expanded, { $stored } stored, { $hits } answered from memory, { $ms } ms.

## tictactoe

tictactoe-over = The game is over: { $winner ->
        [none] a draw.
       *[other] { $winner } has won.
    }
tictactoe-win = { $mover } to move wins, in { $count ->
        [one] { $count } more move
       *[other] { $count } more moves
    } at best: play (row, column) { $moves }.
tictactoe-draw = A draw with perfect play ({ $mover } to move, { $count ->
        [one] { $count } more move
       *[other] { $count } more moves
    }); the moves that hold it (row, column): { $moves }.
tictactoe-loss = { $mover } to move loses against perfect play, after { $count ->
        [one] { $count } more move
       *[other] { $count } more moves
    } at most.
tictactoe-solver = Solver: { $stored } positions stored, { $visited } nodes visited.
matches-k-any = k from 1 to the matches left
matches-k-in = k in {"{"}{ $list }{"}"}, k <= matches left
matches-operators = { $several ->
        [yes] Operators: (h, k, p): player p takes k matches from heap h, { $takes } in heap h.
       *[no] Operators: (k, p): player p takes k matches, { $takes }.
    }
matches-tree = Search tree from { $start }:
matches-tree-counted = Search tree from { $start }: { $nodes } nodes, { $plays } plays ({ $one } won by player 1, { $two } by player 2):
matches-tree-legend = ([1 wins]: the winner from that state under perfect play, by minimax.)
has-won = player { $player } has won
draw = draw
a-draw = a draw
wins = { $player } wins
matches-verdict-final = Verdict: { $state } is a final state (no move is possible): { $end }.
matches-won-by = {" "}won by player { $player }
matches-plays-all = { $total } plays{ $filter } (of { $all } plays in all)
matches-plays-listed = { $listed } listed of { $total } plays{ $filter } (of { $all } plays in all; see --limit)
matches-plays-uncounted = { $listed } plays{ $filter } listed (more than --max-positions positions: not counted)
matches-plays-summary = { $summary }, { $bfs ->
        [yes] breadth first (shortest first)
       *[no] depth first
    }; { $nodes } tree nodes visited{ $stopped ->
        [yes] {" "}(the walk stops there)
       *[no] {""}
    }.
knight-colour = { $closed ->
        [yes] a knight's move changes the colour of its square, so a closed tour has as many squares of each colour; the { $rows }x{ $cols } board has { $light } of the corners' colour and { $dark } of the other
       *[no] a knight's move changes the colour of its square, so a tour of the { $rows }x{ $cols } board ({ $light } squares of the corners' colour, { $dark } of the other) must start and end on the corners' colour; ({ $row }, { $col }) is of the other colour (row + column odd)
    }

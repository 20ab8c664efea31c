# Reports of prove, rules, pdb, cube, experiment and connect4 (see i18n.rs).

## French output of the reports (helper "output"): prove

prove-stop-inferences = arrêt : la limite d'inférences ({ $limit }, --max-inferences) est atteinte ; la relever avec --max-inferences N (0 pour aucune limite)
prove-stop-time = arrêt : la limite de temps ({ $seconds } s, --timeout) est atteinte ; la relever avec --timeout S
prove-stop-memory = arrêt : le budget mémoire ({ $mb } Mo, --max-memory) est atteint (resource_error(memory)) ; le relever avec --max-memory MB (en Mo)
prove-stop-interrupted = arrêt : interrompu (Ctrl-C)
prove-stop-out-of-memory = arrêt : mémoire épuisée ({ $error }) : le système a refusé plus de mémoire ; baisser --max-memory ou libérer de la mémoire
prove-while-writing = { $stop } (pendant l'écriture de la réponse)
prove-inferences-so-far = { $count } inférences jusque-là
prove-directive-stop = { $origin }:{ $line } : directive : { $stop }
prove-warning = avertissement : { $origin } : { $warning }
prove-trace-no-clause = { $goal } : plus de clause, retour arrière
prove-trace-unknown = { $goal } : absent de la base, donc faux
prove-proof-heading = preuve :
prove-proof-by = par  { $clause }
prove-proof-fact = fait
prove-proof-builtin = prédéfini
prove-success = succès
prove-failure = échec
prove-toplevel-banner = resolu prove : tapez une question (le '.' final est facultatif), ';' pour la réponse suivante, Entrée pour arrêter, 'halt.' pour quitter.
prove-toplevel-syntax = erreur de syntaxe en { $line }:{ $column } : { $message } (près de `{ $near }`)
prove-demo-heading = La base de diagnostic automobile (examples/prolog/car.pl), chaînage arrière :

## règles

rules-after = après { $cycles ->
        [one] { $cycles } cycle
       *[other] { $cycles } cycles
    }
rules-no-limit = aucune
rules-stop-goal = But atteint { $after }.
rules-stop-halt = Arrêt demandé par une règle { $after }.
rules-stop-quiescent = Plus aucune règle n'est déclenchable { $after } : tout ce qui peut être déduit l'est.
rules-stop-stuck = Bloqué { $after } : aucune règle n'est déclenchable et le but n'est pas atteint (la base de règles ne peut pas continuer depuis cette situation).
rules-stop-cycle-limit = Arrêt { $after } : la limite de cycles (--max-cycles) est atteinte.
rules-stop-time-limit = Arrêt { $after } : la limite de temps (--timeout) est atteinte.
rules-stop-memory-limit = Arrêt { $after } : le budget mémoire (--max-memory) est atteint.
rules-stop-inference-limit = Arrêt { $after } : un appel Prolog a dépassé la limite d'inférences ({ $limit } par appel, --max-inferences) ; la relever avec --max-inferences N (0 pour aucune limite).
rules-stop-interrupted = Arrêt { $after } : interrompu (Ctrl-C).
rules-stop-other = Arrêt { $after } : une limite est atteinte.
rules-reading-stopped = { $stop } (pendant la lecture de la base de règles : ses faits ne tenaient pas ; relever la limite avec --max-memory MB, en Mo)
rules-cycle = Cycle { $number } : ensemble de conflits ({ $count }) : { $set }
rules-fires = déclenche { $rule }
rules-says = dit : { $line }
rules-header = { $origin } : { $rules ->
        [one] { $rules } règle
       *[other] { $rules } règles
    }, { $facts ->
        [one] { $facts } fait
       *[other] { $facts } faits
    }, { $goal ->
        [yes] un but
       *[no] pas de but
    } ; stratégie { $strategy }.
rules-never-in-memory = { $fact } n'a jamais été dans la base de faits : rien à expliquer.
rules-observed = observé
rules-by = par { $rule }, cycle { $cycle }
rules-by-from = par { $rule }, cycle { $cycle }, à partir de { $from }
rules-no-derived = Aucun fait n'a été déduit.
rules-derived-heading = Faits déduits ({ $count }), chacun avec sa règle et ses prémisses (--explain FAIT pour un arbre complet) :
rules-how-derived = Comment il a été déduit :

## bases de motifs (pdb)

pdb-built = Base de motifs { $sizes } ({ $groups }) du taquin { $size }, état final { $goal } : { $cached ->
        [yes] déjà en cache
       *[no] construite
    }.
pdb-file = { $path } : { $bytes } octets, construite en { $seconds } s, somme de contrôle { $checksum }.
pdb-info-heading = Bases de motifs dans { $dir } :
pdb-info-none = (aucune)
pdb-info-damaged = {" "}-- ENDOMMAGÉE : { $problem }
pdb-info-table = { $mb } Mo, construite en { $seconds } s, somme de contrôle { $checksum }
pdb-unreadable = illisible
pdb-info-unreadable = { $name } : { $problem }
pdb-progress-group = base de motifs : groupe { $group } sur { $groups } ({ $tiles } pièces)
pdb-progress-layer = profondeur { $depth } : { $reached } états atteints sur { $total }
pdb-rebuilt = { $why } : reconstruite
pdb-bar-template = {"{"}msg{"}"} {"{"}bar:30{"}"} {"{"}pos{"}"}/{"{"}len{"}"} états, {"{"}elapsed{"}"}

## cube

cube-scramble = Mélange ({ $count } mouvements) : { $moves }
cube-unfolded = Le cube { $kind }, déplié :
cube-already-solved = Déjà résolu.
cube-solution = Solution ({ $count } mouvements, { $metric }{ $optimal ->
        [yes] , optimale
       *[no] {""}
    }, par { $method ->
        [lookup] lecture de la table
        [optimal] IDA* avec bases de motifs
        [two-phase] l'algorithme en deux phases
        [idastar] l'IDA* générique
       *[bfs] la recherche en largeur générique
    }) :
cube-replayed = Rejouée sur le modèle du cube : résolu.
cube-no-solution-length = Pas de solution : aucune en { $count ->
        [one] { $count } mouvement
       *[other] { $count } mouvements
    } au plus (--max-length) ; il en existe une plus longue (tout cube en a une d'au plus 20 mouvements).
cube-no-solution = Pas de solution : { $reason }.
cube-census-heading = Le cube 2x2x2 ({ $positions } positions avec un coin fixé), par distance à l'état résolu, { $half ->
        [yes] métrique des demi-tours
       *[no] métrique des quarts de tour
    } :
cube-distance = distance
cube-positions = positions
cube-gods-number = Nombre de Dieu ({ $metric }) : { $number } ; recherche en largeur sur le moteur à états numérotés (un octet par position), { $ms } ms.
cube-bar-template = {"{"}bar:40{"}"} {"{"}percent{"}"}% { $what }, depuis {"{"}elapsed{"}"}
cube-two-phase-tables = tables des deux phases
cube-pdb-tables = bases de motifs
cube-summary-lookup = Par lecture de la table des distances des 3 674 160 positions ({ $ms } ms avec la recherche en largeur de la table).
cube-note-wrong-size = remarque : { $path } n'a pas la bonne taille ; reconstruction
cube-note-rebuilding = remarque : { $error } ; reconstruction
cube-note-not-cached = remarque : impossible de mettre la table en cache : { $error }
cube-stop-two-phase-memory = arrêt : les tables des deux phases demandent { $need } Mo, plus que le budget mémoire (--max-memory { $budget } Mo)
cube-summary-two-phase = Deux phases (Kociemba) : phase 1 en { $length } mouvements, { $nodes1 } + { $nodes2 } nœuds, { $solutions } solutions de la phase 1 essayées, { $ms } ms (tables { $source ->
        [cache] lues dans le cache
       *[built] construites
    } en { $tables_ms } ms){ $timed_out ->
        [yes] {" "}; arrêt à --timeout avec la meilleure trouvée
       *[no] {""}
    }.
cube-stop-pdb-memory = arrêt : les bases de motifs demandent { $need } Mo, plus que le budget mémoire (--max-memory { $budget } Mo)
cube-building-pdb = Construction des bases de motifs (une fois ; en cache ensuite) : les coins, puis deux groupes d'arêtes.
cube-stop-building-timeout = arrêt : la limite de temps (--timeout { $seconds } s) a frappé pendant la construction des bases de motifs ; rien n'a été mis en cache, la prochaine exécution recommencera la construction.
cube-summary-optimal = IDA* avec bases de motifs (coins, 2 x 6 arêtes) : { $nodes } nœuds, { $iterations } itérations, { $ms } ms (tables prêtes en { $tables_ms } ms).
cube-summary-generic = { $bfs ->
        [yes] Recherche en largeur
       *[no] IDA*
    } (générique, resolu_search) : { $stats }.

## expériences

experiment-caption = Chaque case : médiane des états développés / médiane du temps sur { $count ->
        [one] { $count } instance
       *[other] { $count } instances
    } (résolues/exécutions quand toutes ne sont pas résolues).
experiment-written = { $count } exécutions écrites dans { $dir }
experiment-interrupted = Interrompu (Ctrl-C) : { $cut ->
        [one] { $cut } exécution coupée
       *[other] { $cut } exécutions coupées
    } sur { $count } (statut `interrupted` dans runs.csv) ; le résumé ne compte que ce qui a tourné.
experiment-runs = exécutions
experiment-korf-boards = taquins 4x4 de Korf
experiment-bar-template = {"{"}bar:40{"}"} {"{"}pos{"}"}/{"{"}len{"}"} { $what }, depuis {"{"}elapsed{"}"}, reste {"{"}eta{"}"}
experiment-depth = profondeur

## parties contre l'ordinateur (allumettes, morpion, puissance 4)

play-mcts-note = MCTS : { $iterations } itérations, { $visits } par ce coup, { $percent } % pour l'ordinateur
play-forced-win = un gain forcé
play-forced-loss = une perte forcée
play-draw-proven = une partie nulle
play-estimate = estimation { $score }
play-alphabeta-note = alpha-bêta : profondeur { $depth }, { $what }
play-intro = Vous êtes le { $human }, l'ordinateur (niveau { $level }) est le { $computer }. Tapez 'q' pour arrêter.
play-you-win = Vous avez gagné !
play-computer-wins = L'ordinateur a gagné.
play-draw = Partie nulle.
play-prompt = { $prompt } :
play-end-of-input = Fin de l'entrée : la partie s'arrête là.
play-you-stop = Vous arrêtez la partie.
play-you-played = Vous : { $words }.
play-refused = Refusé : { $why }. Recommencez.
play-computer-played = Ordinateur : { $words }.{ $note }
play-matches-state = État { $state } :
play-matches-heap = tas { $heap } :
play-matches-left = État { $state } : il en reste { $left }
play-matches-prompt = { $several ->
        [yes] Votre coup (le tas, puis le nombre d'allumettes à prendre)
       *[no] Votre coup (le nombre d'allumettes à prendre)
    }
play-not-whole-number = '{ $text }' n'est pas un nombre entier
play-no-heap = il n'y a pas de tas { $heap } (1 à { $heaps })
play-not-matches-count = '{ $text }' n'est pas un nombre d'allumettes
play-not-heap-move = '{ $text }' n'est pas un coup : tapez le tas, puis le nombre, par exemple '2 3'
play-may-take = vous pouvez prendre { $list } allumettes, pas { $count }
play-take-at-least-one = prenez au moins 1 allumette
play-only-left = il ne reste que { $left } allumettes, vous ne pouvez pas en prendre { $count }
play-cell = ligne { $row }, colonne { $column }
play-tictactoe-prompt = Votre coup (ligne colonne, ou case 1-9)
play-not-a-number = '{ $text }' n'est pas un nombre
play-no-cell = il n'y a pas de case { $cell } (1 à 9)
play-no-cell-at = il n'y a pas de case en ligne { $row }, colonne { $column } (lignes et colonnes de 1 à 3)
play-not-a-cell = '{ $text }' n'est pas une case : tapez la ligne et la colonne, par exemple '2 3'
play-cell-taken = la case en { $cell } est déjà prise

## puissance 4

connect4-won = La partie est finie : le { $player } ({ $mark }) a gagné.
connect4-full = La partie est finie : partie nulle (la grille est pleine).
connect4-to-move = { $stones } pions joués ; le { $player } ({ $mark }) a le trait.
connect4-show-intro = Puissance 4 sur { $size } : on lâche un pion dans une colonne ; quatre alignés en ligne, en colonne ou en diagonale gagnent.
connect4-show-hint = (`resolu connect4 solve` donne son score, `resolu connect4 play` une partie.)
connect4-score-win = Le { $player } ({ $mark }), qui a le trait, gagne, au plus tard avec son pion numéro { $count } (score { $score }).
connect4-score-loss = Le { $player } ({ $mark }), qui a le trait, perd : le { $other } gagne au plus tard avec son pion numéro { $count } (score { $score }).
connect4-score-draw = Partie nulle en jeu parfait (le { $player } a le trait ; score 0).
connect4-best = Meilleures colonnes : { $columns }.
connect4-column-scores = Score de chaque colonne (1 à { $width }, '-' pleine) : { $scores }
connect4-analyze-hint = (--analyze donne le score de chaque colonne et les meilleures colonnes.)
connect4-solver = Solveur : { $nodes } positions explorées, { $ms } ms.
connect4-not-solved = Non résolu : { $stopped } (voir { $flag ->
        [node] --max-nodes
        [memory] --max-memory ou un --table-bits plus petit
        [time] --timeout
       *[other] --timeout, --max-nodes
    }).
connect4-prompt = Votre coup (colonne 1-{ $width })
connect4-not-column = '{ $text }' n'est pas un numéro de colonne (1 à { $width })
connect4-no-column = il n'y a pas de colonne { $column } (1 à { $width })
connect4-column-full = la colonne { $column } est pleine
connect4-column = colonne { $column }
connect4-play-intro = Puissance 4 sur { $size } : tapez la colonne de votre pion (1 à { $width }).
connect4-perfect-slow = (Le niveau parfait résout chaque position : sur une grille ouverte, cela peut prendre des minutes.)
connect4-interrupted = Interrompu (Ctrl-C) pendant que l'ordinateur réfléchissait : { $nodes } positions explorées. La partie s'arrête là.
connect4-book-other-board = { $path } : le livre d'ouvertures d'une autre grille ; reconstruction.
connect4-book-rebuilding = { $why } ; reconstruction.
connect4-book-bar-template = {"{"}msg{"}"} {"{"}bar:30{"}"} {"{"}pos{"}"}/{"{"}len{"}"} positions, {"{"}elapsed{"}"}
connect4-book-building = livre d'ouvertures, profondeur { $depth }
connect4-book-not-stored = le livre d'ouvertures n'a pas pu être enregistré : { $error }

## rapport d'expérience (report.md, report.html)

report-limits = { $nodes } états développés, { $seconds } s
report-item = - `{ $config }` : { $text }
report-plot-nodes = médiane des états développés selon la profondeur de la solution (échelle logarithmique)
report-plot-time = médiane du temps selon la profondeur de la solution (échelle logarithmique)
report-plot-bstar = médiane du facteur de branchement effectif b* selon la profondeur de la solution
report-summary-header = | profondeur | configuration | exécutions | résolues | médiane des développés | médiane du temps (ms) | médiane de b* |
report-taquin-title = Taquin { $size } : algorithmes et heuristiques
report-taquin-setup = État final `{ $goal }` ; { $per_depth } instances par profondeur (graine { $seed }), chacune exactement de la longueur optimale indiquée ; limites par exécution : { $limits } ; { $threads } fils d'exécution ; { $runs } exécutions en tout.
report-reproduce = Pour refaire l'expérience : `{ $command }`.
report-results = Résultats
report-every-run = Chaque exécution est dans `runs.csv`.
report-course-questions = Les questions du cours
report-reach-question = **Quelles longueurs optimales chaque heuristique atteint-elle ?** Dans les limites ci-dessus :
report-reach-all = toutes les instances résolues, jusqu'à { $depth } coups
report-reach-up-to = toutes les instances résolues jusqu'à { $depth } coups, pas au-delà
report-reach-none = toutes les instances ne sont pas résolues, même à la plus petite profondeur
report-reach-detail = (à { $depth } coups : médiane de { $nodes } états développés, { $ms } ms, { $solved }/{ $runs } résolues)
report-astar-question = **Combien de temps prend A*, et quel est le poids de l'heuristique ?**
report-astar-line = - A* avec `{ $heuristic }` à { $depth } coups : médiane de { $nodes } états développés en { $ms } ms{ $bstar }.
report-astar-compare = À { $depth } coups, `{ $best }` développe { $ratio } fois moins d'états que `{ $worst }` : une heuristique admissible mieux informée élague exponentiellement plus de l'arbre, ce que mesure un b* plus faible.
report-question-4x4 = **Quelle longueur peut-on envisager pour le 4x4 ?**
report-korf-not-measured = Non mesuré dans cette exécution (`--korf 0`). Les 100 taquins 4x4 aléatoires de Korf demandent de 41 à 66 coups (53 en moyenne).
report-every-board = tous les taquins
report-every-nth = un sur { $step }{ $ordinal ->
       *[other] {""}
    }
report-korf-measured = Mesuré sur { $count } des 100 taquins 4x4 aléatoires de Korf ({ $which } ; état final `{ $goal }` ; longueurs optimales de { $shortest } à { $longest } coups), avec les mêmes limites :
report-korf-header = | configuration | résolues | plus longue résolue | médiane des développés (résolues) | arrêtées par |
report-korf-best = La meilleure ici est `{ $config }` : { $solved } taquins résolus sur { $boards }. La médiane de b* de ses exécutions résolues est { $bstar }, à { $millions } millions d'états par seconde ; une recherche de N états atteint la profondeur d telle que b* + ... + b*^d = N, donc une minute ({ $budget } états) atteint environ { $depth } coups avec elle, à comparer aux 41 à 66 coups (53 en moyenne) des taquins aléatoires de Korf. Les exécutions arrêtées par une limite comptent comme non résolues ci-dessus : ce sont les limites, et non les algorithmes, qui décident jusqu'où vont les autres.
report-hanoi-title = Tours de Hanoï sur { $pegs } pics : recherche contre récursion
report-hanoi-setup = Chaque instance déplace n palets du pic 0 au pic { $goal_peg } ; sa longueur optimale (la profondeur ci-dessous) est { $three ->
        [yes] 2^n − 1
       *[no] le nombre de Frame–Stewart
    }. { $runs } exécutions en tout. Pour refaire l'expérience : `{ $command }`.
report-hanoi-how-far = Jusqu'où va chaque méthode
report-hanoi-largest = plus grande tour résolue : { $instance }
report-hanoi-none = aucune instance résolue dans les limites
report-hanoi-longer = ({ $count } solutions plus longues que l'optimum)

## Demo lines of tictactoe and connect4, and the experiment page's title (helper c4fr).
tictactoe-demo-count = Morpion : { $plays } parties possibles, { $positions } positions (la grille vide comprise).
tictactoe-demo-verdict = Verdict : { $value ->
        [win] un gain
        [loss] une perte
       *[draw] une partie nulle
    } en jeu parfait ; { $holding } des 9 premiers coups le garantissent ; { $plies } coups.
connect4-demo-small = Puissance 4 sur la grille vide 5x4 : { $verdict } Score de chaque première colonne : { $scores } ({ $nodes } positions).
connect4-demo-middle = Sur 7x6 après les colonnes { $moves } :
connect4-demo-best = Meilleures colonnes : { $columns } ; { $nodes } positions explorées.
experiment-report-html-title = resolu experiment : rapport

# The titles of `resolu demo`'s parts (cmd/mod.rs).
demo-title-graph = Recherche d'itinéraire sur une carte routière (resolu graph)
demo-title-taquin = Le taquin (resolu taquin)
demo-title-prove = Chaînage arrière : la base de diagnostic automobile (resolu prove)
demo-title-hanoi = Chaînage avant : le système expert des tours de Hanoï (resolu hanoi)
demo-title-rules = Chaînage avant : les règles de diagnostic automobile (resolu rules)
demo-title-matches = Le jeu des allumettes (resolu matches)
demo-title-tictactoe = Le morpion (resolu tictactoe)
demo-title-connect4 = Puissance 4 (resolu connect4)
demo-title-knight = Le parcours du cavalier (resolu knight)
demo-title-queens = Le problème des N reines (resolu queens)
demo-title-maze = Un labyrinthe (resolu maze)
demo-title-cube = Le Rubik's cube : un 2x2x2 résolu de façon optimale (resolu cube)

# Les messages de resolu en français (la langue du cours), choisis par --lang fr ou une
# locale fr*. Chaque message a son jumeau anglais dans ../en/main.ftl (un test le vérifie).

## Commun

error-line = erreur : { $message }
test-plural = { $count ->
    [one] { $count } coup
   *[other] { $count } coups
}
error-cannot-read = impossible de lire { $path } : { $reason }
error-not-a-file = ce n'est pas un fichier ordinaire
error-file-too-big = plus de { $mb } Mo, le plus qu'un fichier d'entrée puisse avoir
error-not-utf8 = ce n'est pas du texte UTF-8 (octet invalide à la position { $offset })
error-weight = --weight doit être un nombre >= 1, et non { $weight }

## Compteurs et verdicts d'une recherche

stats-line = états développés { $expanded }, générés { $generated }, doublons { $duplicates }, ré-ouverts { $reopened }, frontière max { $frontier }, { $ms } ms
reason-solved = résolu
reason-exhausted = pas de solution : tous les états atteignables ont été explorés
reason-node-limit = arrêt : la limite d'états développés (--max-nodes) est atteinte
reason-time-limit = arrêt : le temps imparti (--timeout) est écoulé
reason-memory-limit = arrêt : le budget de mémoire est atteint (l'augmenter avec --max-memory Mo, jusqu'à la mémoire libre ; ou choisir un algorithme qui stocke moins, comme idastar)
reason-depth-limit = pas de solution dans la limite de profondeur (--depth-limit) ; il peut y en avoir une plus profonde
reason-depth-limit-at = pas de solution à une profondeur d'au plus { $depth } (--depth-limit) ; il peut y en avoir une plus profonde
reason-interrupted = arrêt : interrompu (Ctrl-C)
reason-other-limit = arrêt : une limite est atteinte
trace-greedy = h = { $h } (glouton : g = { $g } non compté)
trace-expand = développe n°{ $count } : { $priority }  { $state }
trace-iteration = -- nouvelle itération, seuil { $bound }

## Compteurs et verdicts d'un retour arrière

backtrack-stats-line = { $tries } essais, { $backtracks } retours arrière, profondeur { $depth }, { $ms } ms
backtrack-found = { $noun ->
    [tour] Un tour a été trouvé.
    [path] Un chemin a été trouvé.
   *[other] Une solution a été trouvée.
}
backtrack-exhausted = { $noun ->
    [tour] Aucun tour n'existe : tous les candidats ont été essayés.
    [path] Aucun chemin n'existe : tous les candidats ont été essayés.
   *[other] Aucune solution n'existe : tous les candidats ont été essayés.
}
backtrack-tries-limit = Arrêt : la limite d'essais (--max-nodes) est atteinte.

## --help en français

help-template = {"{"}before-help{"}"}{"{"}about-with-newline{"}"}
    Utilisation : {"{"}usage{"}"}

    {"{"}all-args{"}"}{"{"}after-help{"}"}
help-commands-heading = Commandes
help-flag-help = Affiche l'aide (plus détaillée avec --help)
help-flag-version = Affiche la version
help-about-help = Affiche ce message ou l'aide des sous-commandes données
help-about-resolu = Résolution de problèmes en IA classique : recherche, retour arrière, jeux, inférence
help-about-demo = Lance chaque problème intégré avec ses réglages par défaut.
help-about-graph = Résout un graphe d'états explicite lu dans un fichier.
help-long-graph = Résout un graphe d'états explicite lu dans un fichier : recherche en largeur, en profondeur, à coût uniforme, gloutonne, A*... (--algo, noms français acceptés : largeur, profondeur, cout-uniforme, glouton, aetoile).
help-about-taquin = Le taquin.
help-long-taquin = Le taquin (3x3, 4x4...) : recherche aléatoire, en profondeur, en largeur, A* avec h1 (cases mal placées, case vide non comptée) ou h2 (Manhattan). Un taquin sans solution est reconnu avant toute recherche par l'argument de parité.
help-about-experiment = Expériences : tableaux, CSV et courbes des algorithmes et heuristiques.
help-about-prove = Chaînage arrière : un démonstrateur à la Prolog.
help-about-rules = Chaînage avant : exécute une base de règles.
help-about-hanoi = Les tours de Hanoï : système expert, solutions optimales, recherche.
help-long-hanoi = Les tours de Hanoï : le système expert du TP 000 (chaînage avant, règles R1-R4 et méta-règle), chaque situation avec son numéro, les piquets listés du bas vers le haut ; ou la solution optimale, ou une recherche dans l'espace d'états.
help-about-matches = Le jeu des allumettes (prendre 1 à 3, qui prend la dernière gagne) et Nim.
help-long-matches = Le jeu des allumettes (prendre 1 à 3, qui prend la dernière gagne) et Nim, comme espace d'états (TP 002) : les états, l'arbre de recherche, les parties, qui gagne, et une partie contre l'ordinateur.
help-about-matches-states = Les états, les opérateurs et la fonction successeur.
help-about-matches-tree = L'arbre de recherche, dessiné, chaque état avec son gagnant en jeu parfait.
help-about-matches-plays = Toutes les parties depuis le départ, en profondeur (ou en largeur), filtrées par gagnant.
help-about-matches-solve = Qui gagne en jeu parfait, les coups gagnants, et la durée de la partie.
help-about-matches-play = Jouer contre l'ordinateur.
help-about-tictactoe = Le morpion : le résoudre ou jouer contre l'ordinateur.
help-long-tictactoe = Le morpion : la valeur d'une position par minimax (avec élagage alpha-bêta), ou une partie contre l'ordinateur.
help-about-tictactoe-solve = La valeur de la position pour le joueur qui a le trait, les coups qui la gardent, et le nombre de coups jusqu'à la fin en jeu parfait.
help-about-tictactoe-play = Jouer contre l'ordinateur.
help-about-connect4 = Puissance 4 : le score exact d'une position, ou une partie contre l'ordinateur.
help-about-knight = Le parcours du cavalier par retour arrière.
help-long-knight = Le parcours du cavalier par retour arrière (TP 004) : version de base, bande, ou règle de Warnsdorff (« first fail » : d'abord la case libre qui a le moins de suites) ; compteurs d'essais et de retours arrière, matrice des degrés (--degrees).
help-about-queens = Le problème des N reines.
help-long-queens = Le problème des N reines par retour arrière : la première solution, toutes, ou leur nombre.
help-about-maze = Résout un labyrinthe lu dans un fichier texte.
help-long-maze = Résout un labyrinthe lu dans un fichier texte, par retour arrière ou par une recherche dans l'espace d'états.
help-about-pdb = Bases de motifs du taquin : construire, décrire, vérifier.
help-about-cube = Le Rubik's cube (3x3x3 et 2x2x2) : optimal, deux phases, recensement.

## Commun aux recherches

stopped = arrêt : { $reason }
trace-of = Trace de { $algorithm } :
algorithm-with = { $algorithm } avec { $heuristic }

## taquin

taquin-start = État initial :
taquin-goal = État final :
taquin-move = Coup { $number } : { $name }
taquin-h-start-goal = h(état initial) = { $start }, h(état final) = { $goal } (heuristique { $heuristic })
taquin-solved = Résolu par { $what } en { $count ->
        [one] { $count } coup
       *[other] { $count } coups
    }{ $optimal ->
        [yes] {" "}(optimal)
       *[no] {""}
    } : { $moves }
taquin-unsolvable =
    PAS de SOLUTION : L'ETAT FINAL N'EST PAS ATTEIGNABLE !
    Pourquoi : l'état initial et l'état final diffèrent d'une permutation dont la parité n'est pas celle de la distance de la case vide, et chaque coup garde ces deux parités égales (décidé avant toute recherche).
taquin-default-goal-hint = Remarque : sans --goal, l'état final d'un taquin 3x3 est l'escargot ({ $snail }) ; ce taquin atteint l'état final standard ({ $standard }) : ajouter --goal standard.
taquin-census-heading = distance  états
taquin-census-summary = { $reached } états atteignent l'état final ; les plus éloignés en sont à { $farthest } coups ({ $count } états).
taquin-demo-question = A* trouve-t-il une solution pour a b c / g _ d / h f e ?

## Énumérations (cavalier, reines)

enumerate-count = { $count } { $noun ->
        [tour] { $count ->
            [one] parcours
           *[other] parcours
        }
       *[other] { $count ->
            [one] solution
           *[other] solutions
        }
    }{ $how ->
        [stopped] {" "}(arrêt avant la fin)
        [all] {" "}(compte complet)
        [interrupted] {" "}(interrompu : le compte est un minorant)
        [limit] {" "}(arrêt par une limite : le compte est un minorant)
       *[none] {""}
    } : { $title }
enumerate-another = { $noun ->
        [tour] Un autre parcours ? [O/n]
       *[other] Une autre solution ? [O/n]
    }

## cavalier

knight-tour-number = Parcours { $number } :
knight-found = Trouvé : { $counters }
knight-describe = parcours du cavalier { $closed ->
        [yes] fermé
       *[no] (ouvert)
    } sur { $rows }x{ $cols } depuis ({ $row }, { $col }), { $method ->
        [warnsdorff] règle de Warnsdorff (« first fail » : d'abord la case qui a le moins de suites), égalités { $ties }
        [band] version avec bande
       *[other] version de base
    }{ $prune ->
        [yes] , impasses élaguées
       *[no] {""}
    }
knight-stats-line = { $tries } essais, { $backtracks } retours arrière, { $bounds } tests de bord, profondeur { $depth }, { $ms } ms
knight-degrees-heading = Voisins libres de chaque case (règle de Warnsdorff, « first fail » : aller sur la case libre qui a le moins de suites) :
knight-steps-heading = Pas à pas le long du parcours : les cases libres à un saut, chacune avec ses voisins libres, puis la case choisie :
knight-step = depuis { $from } : { $candidates } -> { $chosen }
knight-no-tour = aucun parcours n'existe : { $reason }.
knight-demo-count = Parcours ouverts de 5x5 depuis (0, 0) : { $count } ({ $counters })
knight-class = { $squares ->
        [one] 1 case
       *[other] { $squares } cases
    } comme ({ $row }, { $col }) : { $tours ->
        [one] 1 parcours
       *[other] { $tours } parcours
    } chacune ({ $tries } essais)
knight-all-starts = { $total } parcours { $closed ->
        [yes] fermés
       *[no] ouverts
    } orientés depuis toutes les cases de départ.
knight-all-starts-limit = arrêt par une limite : au moins { $total } parcours { $closed ->
        [yes] fermés
       *[no] ouverts
    } orientés.
heading = { $title } :

## reines

queens-title = { $n } reines sur { $n }x{ $n }
queens-solution = Solution { $number } :
queens-first = { $n } reines sur { $n }x{ $n }, première solution :
queens-demo-count = Toutes les solutions des 8 reines : { $count } ({ $counters })

## labyrinthe

maze-ragged = les lignes n'ont pas la même longueur (la ligne { $line } a { $cells } cases, la plus longue { $widest }) ; les cases manquantes comptent comme des murs
maze-path = Chemin de { $count ->
        [one] { $count } pas
       *[other] { $count } pas
    } trouvé { $how ->
        [backtrack] par retour arrière (pas toujours le plus court)
        [bfs] par recherche en largeur (le plus court)
       *[astar] par A* avec la distance de Manhattan (le plus court)
    }.

## graphe

note = Remarque : { $note }
graph-stopped-reading = { $reason } pendant la lecture de { $file }
graph-isolated = { $role ->
        [start] l'état initial
       *[goal] le but
    } { $name } n'est dans aucune arête ni aucun arc du graphe
graph-path = { $count ->
        [one] { $count } étape
       *[other] { $count } étapes
    }, coût { $cost } : { $path }
graph-step-cost = (+{ $step }, total { $total })

## Hanoï

hanoi-header = Tours de Hanoï : { $disks } palets sur { $pegs } pics, du pic 0 au pic { $goal }, par { $how }.
hanoi-by-rules = les règles de { $origin } (stratégie { $strategy })
hanoi-by-recursion = l'algorithme récursif (n - 1 palets de côté, le plus grand à sa place, n - 1 par-dessus)
hanoi-by-frame-stewart = Frame–Stewart (k palets de côté avec tous les pics, les autres avec un pic de moins, k par-dessus)
hanoi-by-search = recherche ({ $algorithm })
hanoi-by-bfs = recherche en largeur exhaustive (2 bits par situation)
hanoi-start = Départ
hanoi-situation = { $title }, situation { $number }
hanoi-move = Coup { $number }{ $by } : palet { $disk } du pic { $from } au pic { $to }
hanoi-by-rule = { $rule }, { $count ->
        [one] { $count } règle déclenchable
       *[other] { $count } règles déclenchables
    }
hanoi-frame-stewart-number = { $best }, le nombre de Frame–Stewart
hanoi-optimal-solved = Résolu en { $count ->
        [one] { $count } coup
       *[other] { $count } coups
    } (optimal : { $optimum }).
hanoi-search-solved = Résolu par { $algorithm } en { $count ->
        [one] { $count } coup
       *[other] { $count } coups
    }{ $optimal ->
        [yes] {" "}(optimal)
       *[no] {""}
    } ; l'optimum est { $optimum }.
hanoi-bfs-distance = Le but est à { $count } coups du départ (distance en largeur) : le { $optimum } de Frame–Stewart.
hanoi-bfs-reached = { $reached } situations atteintes, la plus lointaine à { $farthest } coups du départ ; situations à chaque distance : { $counts }
hanoi-bfs-table = { $bytes } octets de table, { $seconds } s.
hanoi-rules-solved = Résolu par les règles en { $count } coups ; l'optimum est { $optimum }.
hanoi-rules-stuck = Bloqué après { $count ->
        [one] { $count } coup
       *[other] { $count } coups
    } : aucune règle n'est déclenchable et les palets ne sont pas tous sur le pic { $peg }.
hanoi-rules-limit = { $stopped } { $count ->
        [one] { $count } coup joué.
       *[other] { $count } coups joués.
    }
hanoi-rules-off-goal = { $stopped } Mais après { $count ->
        [one] { $count } coup
       *[other] { $count } coups
    } les palets ne sont pas tous sur le pic { $peg }.
hanoi-why-neighbours = Pourquoi { $count } et non { $optimum } : ces règles ne déplacent un palet qu'entre pics voisins (0-1 et 1-2, jamais 0-2 directement), donc chaque palet doit passer par le pic du milieu. Avec cette restriction, il faut 3^{ $n } - 1 = { $count } coups, le moins possible, en passant par les 3^{ $n } = { $situations } situations, chacune une fois.
hanoi-neighbours-longer = Ces règles ne déplacent un palet qu'entre pics voisins, donc chaque palet passe par chaque pic intermédiaire : plus de coups que l'optimum.
hanoi-repeated = { $count ->
        [0] Aucune situation n'a été répétée.
        [one] { $count } coup a ramené à une situation déjà rencontrée.
       *[other] { $count } coups ont ramené à une situation déjà rencontrée.
    }

## allumettes

or = ou
or-list = { $list } ou { $last }
player = joueur { $number }
matches-take = prendre { $count ->
        [one] { $count } allumette
       *[other] { $count } allumettes
    }
matches-take-from = prendre { $count ->
        [one] { $count } allumette
       *[other] { $count } allumettes
    } du tas { $heap }
matches-any-number = autant d'allumettes qu'on veut
matches-counts = { $list } allumettes
matches-heaps = des tas de { $list } allumettes
matches-count = { $count ->
        [one] { $count } allumette
       *[other] { $count } allumettes
    }
matches-rules = { $heaps }, on prend { $takes }{ $several ->
        [yes] {" "}d'un seul tas
       *[no] {""}
    } à chaque tour, { $misere ->
        [yes] qui prend la dernière allumette perd
       *[no] qui prend la dernière allumette gagne
    }
matches-title = Le jeu des allumettes : { $rules }.
matches-states = États { $several ->
        [yes] (allumettes restant dans chaque tas, joueur qui a le trait)
       *[no] (allumettes restantes, joueur qui a le trait)
    } : { $count } atteignables depuis { $start }{ $complete ->
        [yes] {""}
       *[no] {" "}(les premiers ; voir --limit)
    }
matches-states-either = États, l'un ou l'autre joueur commençant : { $count }{ $complete ->
        [yes] {""}
       *[no] {" "}(les premiers ; voir --limit)
    }
matches-initial = État initial : { $state }.
matches-final-won = { $state } (le joueur { $player } a gagné)
matches-final-draw = { $state } (partie nulle)
matches-finals-none = États finals : aucun parmi ceux listés.
matches-finals = États finals : { $list }.
matches-successors = Fonction successeur :
matches-none-final = (aucun : état final)
matches-leaving = { $take } (il en reste { $left })
matches-verdict-win = Verdict : le { $who }, qui a le trait en { $state }, peut forcer le gain : { $moves }.
matches-verdict-loss = Verdict : le { $who }, qui a le trait en { $state }, perd contre un jeu parfait, quel que soit son coup.
matches-verdict-draw = Verdict : partie nulle en jeu parfait.
matches-perfect-play = En jeu parfait, la partie finit après { $count ->
        [one] { $count } coup de plus
       *[other] { $count } coups de plus
    } (le gagnant se hâte, le perdant retarde).
matches-why-four = Pourquoi : un multiple de 4 est perdant pour le joueur qui a le trait (quel que soit le k qu'il prend, l'adversaire prend 4 - k), et tout autre nombre est gagnant en laissant un multiple de 4.
matches-decided-by = Décidé par : { $method }.
game-counters = Compteurs : { $visited } positions visitées, { $expanded } développées, { $stored } mémorisées, { $hits } trouvées en mémoire, { $ms } ms.

## morpion

tictactoe-over = La partie est finie : { $winner ->
        [none] partie nulle.
       *[other] { $winner } a gagné.
    }
tictactoe-win = { $mover }, qui a le trait, gagne, en { $count ->
        [one] { $count } coup de plus
       *[other] { $count } coups de plus
    } au mieux : jouer (ligne, colonne) { $moves }.
tictactoe-draw = Partie nulle en jeu parfait ({ $mover } a le trait, { $count ->
        [one] { $count } coup de plus
       *[other] { $count } coups de plus
    }) ; les coups qui la tiennent (ligne, colonne) : { $moves }.
tictactoe-loss = { $mover }, qui a le trait, perd contre un jeu parfait, après au plus { $count ->
        [one] { $count } coup de plus.
       *[other] { $count } coups de plus.
    }
tictactoe-solver = Solveur : { $stored } positions mémorisées, { $visited } nœuds visités.
matches-k-any = k de 1 au nombre d'allumettes restantes
matches-k-in = k dans {"{"}{ $list }{"}"}, k <= allumettes restantes
matches-operators = { $several ->
        [yes] Opérateurs : (h, k, p) : le joueur p prend k allumettes du tas h, { $takes } dans le tas h.
       *[no] Opérateurs : (k, p) : le joueur p prend k allumettes, { $takes }.
    }
matches-tree = Arbre de recherche depuis { $start } :
matches-tree-counted = Arbre de recherche depuis { $start } : { $nodes } nœuds, { $plays } parties ({ $one } gagnées par le joueur 1, { $two } par le joueur 2) :
matches-tree-legend = ([1 gagne] : le gagnant depuis cet état en jeu parfait, par minimax.)
has-won = le joueur { $player } a gagné
draw = nulle
a-draw = partie nulle
wins = { $player } gagne
matches-verdict-final = Verdict : { $state } est un état final (aucun coup possible) : { $end }.
matches-won-by = {" "}gagnées par le joueur { $player }
matches-plays-all = { $total } parties{ $filter } (sur { $all } parties en tout)
matches-plays-listed = { $listed } listées sur { $total } parties{ $filter } (sur { $all } parties en tout ; voir --limit)
matches-plays-uncounted = { $listed } parties{ $filter } listées (plus de --max-positions positions : non comptées)
matches-plays-summary = { $summary }, { $bfs ->
        [yes] en largeur (les plus courtes d'abord)
       *[no] en profondeur
    } ; { $nodes } nœuds de l'arbre visités{ $stopped ->
        [yes] {" "}(le parcours s'arrête là)
       *[no] {""}
    }.
knight-colour = { $closed ->
        [yes] un saut de cavalier change la couleur de sa case, donc un parcours fermé a autant de cases de chaque couleur ; l'échiquier { $rows }x{ $cols } en a { $light } de la couleur des coins et { $dark } de l'autre
       *[no] un saut de cavalier change la couleur de sa case, donc un parcours de l'échiquier { $rows }x{ $cols } ({ $light } cases de la couleur des coins, { $dark } de l'autre) doit commencer et finir sur la couleur des coins ; ({ $row }, { $col }) est de l'autre couleur (ligne + colonne impaire)
    }

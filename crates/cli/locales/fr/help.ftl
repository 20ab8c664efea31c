# --help texts of the flags and the parse errors (see i18n.rs).

## Aide et erreurs en français (assistant « help ») : les textes des arguments de --help.

help-default = [par défaut : { $value }]
help-possible-values = [valeurs possibles : { $values }]
help-possible-values-heading = Valeurs possibles :

help-arg-maze-algo = Algorithme : backtrack (un chemin), bfs ou astar (un plus court chemin, A* avec la distance de Manhattan)
help-value-maze-algo-backtrack = Le parcours par retour arrière : un chemin, pas toujours le plus court
help-value-maze-algo-bfs = Recherche en largeur : un plus court chemin
help-value-maze-algo-astar = A* avec la distance de Manhattan : un plus court chemin
help-arg-algo = Algorithme de recherche : random, dfs, iddfs, bfs, ucs, greedy, astar, wastar, idastar (en français : aleatoire, profondeur, profondeur-iterative, largeur, cout-uniforme, glouton, aetoile, aetoile-ponderee, idaetoile)
help-arg-experiment-taquin-algos = Les algorithmes à comparer
help-arg-experiment-hanoi-algos = Les méthodes : des algorithmes de recherche et `optimal` (l'algorithme récursif)
help-arg-queens-all = Énumère les solutions, en demandant après chacune s'il faut continuer (sauf avec --count ou --limit)
help-arg-knight-all = Énumère les tours, en demandant après chacun s'il faut continuer (sauf avec --count ou --limit)
help-arg-knight-all-starts = Avec --count : les tours depuis chaque case de départ, comptés depuis une case de chaque classe de symétries de l'échiquier (sur tous les cœurs) multipliés par la taille de la classe
help-arg-connect4-solve-analyze = Donne aussi le score exact de chaque colonne et les meilleures colonnes (une recherche de score par colonne : plusieurs fois plus lent que le score seul)
help-arg-taquin-batch = Résout chaque taquin de FICHIER (un par ligne, commentaires avec '#') ; sortie en JSON Lines, un objet par taquin dans l'ordre de l'entrée ; le code de sortie est le pire de ceux des taquins
help-arg-matches-plays-bfs = En largeur : les parties les plus courtes d'abord
help-arg-board = Part de cette grille au lieu de la grille vide
help-arg-book = Utilise la bibliothèque d'ouvertures de toutes les positions d'au plus N pions (construite au premier usage et gardée dans le répertoire de cache ; 0 : pas de bibliothèque)
help-arg-book-dir = Le répertoire de la bibliothèque d'ouvertures [par défaut : `connect4` dans le répertoire de cache de resolu]
help-arg-cube-cache-dir = Où les tables du solveur sont gardées en cache
help-arg-cube-census = Compte les positions du 2x2x2 à chaque distance (recherche en largeur sur toutes)
help-arg-taquin-census = Compte les taquins à chaque distance du but (tout l'espace d'états) au lieu de résoudre
help-arg-knight-closed = Tours fermés seulement : la dernière case est à un saut de cavalier du départ
help-arg-cube-color = Couleurs dans le terminal : auto (quand la sortie standard est un terminal et que NO_COLOR n'est pas défini), always (toujours), never (jamais)
help-arg-hanoi-compact = Une ligne par déplacement au lieu d'un dessin des piquets
help-arg-compare = Avec --html : les algorithmes dont la page montre les recherches côte à côte, par exemple `astar,bfs` (par défaut : --algo seul, la recherche dont le texte rend compte)
help-arg-queens-count = Compte les solutions sans les afficher
help-arg-knight-count = Compte les tours sans les afficher
help-arg-knight-degrees = Affiche la matrice des voisins libres de chaque case, et avec Warnsdorff chaque étape du tour : les candidates avec leurs voisins libres et la case choisie
help-arg-matches-tree-depth = Le niveau le plus profond dessiné (en coups depuis le départ)
help-arg-hanoi-depth-limit = Limite de profondeur de --method dfs (en nombre de déplacements)
help-arg-depth-limit = Limite de profondeur de la recherche en profondeur (dfs), en nombre de coups
help-arg-experiment-taquin-depths = Les longueurs de solution optimale à étudier : une liste (2,4,6) ou des intervalles (2-30, 2-30/2 pour un pas)
help-arg-hanoi-disks = Nombre de disques
help-arg-experiment-hanoi-disks = Nombres de disques : une liste (3,5) ou des intervalles (1-12)
help-arg-prove-explain = Affiche l'arbre de preuve de chaque réponse : quelle clause a prouvé chaque but
help-arg-rules-explain = Sans valeur : liste chaque fait déduit avec sa règle et ses prémisses, même quand la base a un but. Avec un fait : affiche l'arbre de déduction complet de ce fait
help-arg-cube-facelets = Le cube en 54 lettres de facettes (24 pour le 2x2x2), faces dans l'ordre U R F D L B
help-arg-rules-facts = Ajoute un fait observé à la base de faits initiale (peut être répété)
help-arg-taquin-file = Lit le taquin de départ dans un fichier
help-arg-graph-file = Le fichier du graphe
help-arg-maze-file = Le fichier du labyrinthe
help-arg-prove-file = Le programme (clauses et directives Prolog)
help-arg-rules-file = Le fichier de règles
help-arg-first = Qui joue en premier
help-value-first-human = Vous
help-value-first-computer = L'ordinateur
help-arg-pdb-build-force = Reconstruit même quand un bon fichier est en cache
help-arg-experiment-taquin-format = Format de sortie du résumé sur la sortie standard
help-value-experiment-taquin-format-text = Texte lisible par une personne
help-value-experiment-taquin-format-json = JSON lisible par un programme
help-arg-experiment-hanoi-format = Format de sortie du résumé sur la sortie standard
help-value-experiment-hanoi-format-text = Texte lisible par une personne
help-value-experiment-hanoi-format-json = JSON lisible par un programme
help-arg-format = Format de sortie
help-value-format-text = Texte lisible par une personne
help-value-format-json = JSON lisible par un programme
help-arg-experiment-taquin-goal = Le but : standard, snail (escargot) ou un taquin [par défaut : escargot en 3x3, standard sinon]
help-arg-taquin-goal = Le but : standard, snail (escargot) ou un taquin [par défaut : escargot en 3x3, standard sinon]
help-arg-pdb-build-goal = Le but : standard, snail (escargot) ou un taquin [par défaut : standard]
help-arg-heaps = Plusieurs tas (une somme de jeux), par exemple 3,4,5 ; remplace --matches
help-arg-taquin-heuristic = Heuristique : misplaced (h1, cases mal placées), manhattan (h2), linear-conflict, pdb, pdb:PARTITION (ou zero) ; en français : mal-places, manhattan, conflits-lineaires
help-arg-graph-heuristic = Heuristique : les valeurs h du fichier, ou zéro
help-value-graph-heuristic-file = Les valeurs `h=` données dans le fichier (0 là où il n'y en a pas)
help-value-graph-heuristic-zero = h = 0 partout
help-arg-experiment-taquin-heuristics = Les heuristiques à comparer
help-arg-lang = La langue de ce qu'une personne lit : en ou fr [par défaut : celle de la locale : fr* donne le français]
help-value-lang-en = Anglais
help-value-lang-fr = Français, la langue du cours
help-arg-connect4-html = Avec solve : écrit dans FICHIER une page pas à pas, la ligne de jeu parfait du solveur depuis la position, chaque grille avec le score de chaque colonne (un seul fichier HTML autonome). Avec play : la partie telle qu'elle a été jouée, chaque position avec la colonne jouée et, au niveau parfait, le score de chaque colonne (le solveur évalue alors chaque colonne de chaque position : plus lent que la partie seule)
help-arg-connect4-solve-html = Avec solve : écrit dans FICHIER une page pas à pas, la ligne de jeu parfait du solveur depuis la position, chaque grille avec le score de chaque colonne (un seul fichier HTML autonome). Avec play : la partie telle qu'elle a été jouée, chaque position avec la colonne jouée et, au niveau parfait, le score de chaque colonne (le solveur évalue alors chaque colonne de chaque position : plus lent que la partie seule)
help-arg-connect4-play-html = Avec solve : écrit dans FICHIER une page pas à pas, la ligne de jeu parfait du solveur depuis la position, chaque grille avec le score de chaque colonne (un seul fichier HTML autonome). Avec play : la partie telle qu'elle a été jouée, chaque position avec la colonne jouée et, au niveau parfait, le score de chaque colonne (le solveur évalue alors chaque colonne de chaque position : plus lent que la partie seule)
help-arg-prove-html = Écrit dans FICHIER une page pas à pas : un seul fichier HTML autonome (SVG, CSS et un petit script intégrés, sans réseau) à ouvrir dans un navigateur ; ← → pour avancer ou reculer, espace pour dérouler
help-arg-rules-html = Écrit dans FICHIER une page pas à pas : un seul fichier HTML autonome (SVG, CSS et un petit script intégrés, sans réseau) à ouvrir dans un navigateur ; ← → pour avancer ou reculer, espace pour dérouler
help-arg-hanoi-html = Écrit dans FICHIER une page pas à pas : un seul fichier HTML autonome (SVG, CSS et un petit script intégrés, sans réseau) à ouvrir dans un navigateur ; ← → pour avancer ou reculer, espace pour dérouler
help-arg-knight-html = Écrit dans FICHIER une page pas à pas : un seul fichier HTML autonome (SVG, CSS et un petit script intégrés, sans réseau) à ouvrir dans un navigateur ; ← → pour avancer ou reculer, espace pour dérouler
help-arg-queens-html = Écrit dans FICHIER une page pas à pas : un seul fichier HTML autonome (SVG, CSS et un petit script intégrés, sans réseau) à ouvrir dans un navigateur ; ← → pour avancer ou reculer, espace pour dérouler
help-arg-maze-html = Écrit dans FICHIER une page pas à pas : un seul fichier HTML autonome (SVG, CSS et un petit script intégrés, sans réseau) à ouvrir dans un navigateur ; ← → pour avancer ou reculer, espace pour dérouler
help-arg-cube-html = Écrit dans FICHIER une page pas à pas : un seul fichier HTML autonome (SVG, CSS et un petit script intégrés, sans réseau) à ouvrir dans un navigateur ; ← → pour avancer ou reculer, espace pour dérouler
help-arg-html = Écrit dans FICHIER une page pas à pas : le jeu parfait coup par coup, l'arbre minimax et l'arbre alpha-bêta avec ses branches élaguées (un seul fichier HTML autonome)
help-arg-graph-html = Écrit dans FICHIER une page pas à pas : la solution coup par coup et la recherche elle-même (chaque développement avec f, g, h, la frontière et l'ensemble fermé, l'arbre de recherche), un seul fichier HTML autonome à ouvrir dans un navigateur ; ← → pour avancer ou reculer, espace pour dérouler
help-arg-taquin-html = Écrit dans FICHIER une page pas à pas : la solution coup par coup et la recherche elle-même (chaque développement avec f, g, h, la frontière et l'ensemble fermé, l'arbre de recherche), un seul fichier HTML autonome à ouvrir dans un navigateur ; ← → pour avancer ou reculer, espace pour dérouler
help-arg-experiment-taquin-korf = Combien des 100 taquins 4x4 aléatoires de Korf (répartis régulièrement, de 0 à 100) résoudre avec les mêmes algorithmes, heuristiques et limites, pour répondre à « quelle longueur pour le 4x4 ? » (des minutes : chacun peut prendre jusqu'à --timeout par configuration)
help-arg-connect4-play-level = Le niveau de l'ordinateur : perfect (le solveur), random, mcts:N, mcts:time=1s, alphabeta:time=1s, alphabeta:depth=N [par défaut : perfect sur les grilles d'au plus 30 cases, alphabeta:time=1s au-delà : le solveur demande des minutes sur une grille 7x6 ouverte]
help-arg-level = Le niveau de l'ordinateur : perfect (parfait), random (au hasard), mcts:N (recherche arborescente Monte-Carlo, N itérations par coup ; mcts:time=1s, mcts:N,c=0.7 pour une autre constante d'exploration), alphabeta:time=1s (approfondissement itératif, aussi longtemps par coup) ou alphabeta:depth=N
help-arg-matches-tree-limit = Le plus de nœuds dessinés
help-arg-matches-plays-limit = Le plus de parties listées (toutes sont comptées)
help-arg-matches-states-limit = Le plus d'états listés
help-arg-prove-limit = S'arrête après ce nombre de réponses
help-arg-queens-limit = S'arrête après ce nombre de solutions (implique --all)
help-arg-knight-limit = S'arrête après ce nombre de tours (implique --all)
help-arg-matches = Le nombre d'allumettes du tas
help-arg-rules-max-cycles = S'arrête après ce nombre de cycles (code de sortie 3)
help-arg-hanoi-max-cycles = Arrête les règles après ce nombre de cycles (code de sortie 3)
help-arg-prove-max-inferences = S'arrête après ce nombre d'inférences (code de sortie 3 ; par défaut 100000000, 0 pour aucune limite)
help-arg-rules-max-inferences = S'arrête quand un appel Prolog d'une condition ou d'une action fait ce nombre d'inférences (code de sortie 3 ; par défaut 100000000, 0 pour aucune limite)
help-arg-cube-max-length = Deux phases : accepte les solutions d'au plus ce nombre de demi-tours
help-arg-prove-max-memory = Budget de mémoire en mégaoctets pour les piles du démonstrateur et les tampons de findall (par défaut : la moitié de la mémoire disponible pour le processus ; au-delà resource_error(memory), code de sortie 3 si elle n'est pas rattrapée)
help-arg-rules-max-memory = Budget de mémoire en mégaoctets, compté en faits, instances et appariements gardés (par défaut : la moitié de la mémoire disponible, au plus 8 Gio ; code de sortie 3 quand il est atteint)
help-arg-max-memory = Budget de mémoire en mégaoctets, compté en états stockés (par défaut : la moitié de la mémoire réellement disponible pour ce processus, au plus 8 Gio ; code de sortie 3 quand il est atteint)
help-arg-pdb-build-max-memory = Refuse de construire quand les tables et la recherche demandent plus que ce nombre de mégaoctets [par défaut : la moitié de la mémoire disponible, au plus 8 Gio] (code de sortie 3)
help-arg-connect4-solve-max-memory = S'arrête (code de sortie 3) si la table de transposition devait prendre plus que ce nombre de Mo
help-arg-experiment-taquin-max-nodes = Limite d'états développés de chaque essai (un essai qu'elle arrête est noté comme tel)
help-arg-experiment-hanoi-max-nodes = Limite d'états développés de chaque essai
help-arg-max-nodes = S'arrête après avoir développé ce nombre d'états (code de sortie 3)
help-arg-connect4-solve-max-nodes = S'arrête après ce nombre de positions examinées (code de sortie 3)
help-arg-max-positions = Le plus de positions qu'une recherche peut stocker (sommes de tas ; code de sortie 3 quand il est atteint)
help-arg-hanoi-method = Comment résoudre : rules (les règles), optimal, ou un algorithme de recherche (bfs, astar, idastar...)
help-arg-knight-method = Version : basic (de base), band (bande) ou warnsdorff
help-arg-cube-method = optimal, two-phase (deux phases), idastar ou bfs [par défaut : optimal sur le 2x2x2, deux phases sur le 3x3x3]
help-arg-cube-metric = Comment les mouvements sont comptés : htm (en demi-tours) ou qtm (en quarts de tour)
help-arg-misere = Jeu misère : qui prend la dernière allumette perd
help-arg-moves = Les colonnes déjà jouées, numérotées à partir de 1, par exemple 4453
help-arg-cube-moves = Le mélange : les mouvements appliqués au cube résolu (par exemple \"R U2 F'\")
help-arg-taquin-moves-as = Comment les coups sont nommés : tiles (la pièce qui glisse) ou blank (la direction de la case vide, comme les TP les nomment : up/down/left/right, haut/bas/gauche/droite avec --lang fr)
help-value-taquin-moves-as-tiles = La pièce qui glisse dans la case vide (le « coup » du cours)
help-value-taquin-moves-as-blank = La direction où va la case vide (comme les TP la nomment)
help-arg-queens-n = La taille de l'échiquier (1 à 32)
help-arg-out = Le dossier de sortie
help-arg-pdb-build-pattern = La partition [par défaut : la meilleure pour la taille : 7-8 en 4x4, 6-6-6-6 en 5x5]
help-arg-taquin-pdb-dir = Le répertoire des bases de motifs [par défaut : $XDG_CACHE_HOME/resolu/pdb ou ~/.cache/resolu/pdb]
help-arg-pdb-dir = Le répertoire des tables [par défaut : $XDG_CACHE_HOME/resolu/pdb ou ~/.cache/resolu/pdb]
help-arg-pegs = Nombre de piquets (3 à 8)
help-arg-experiment-taquin-per-depth = Nombre d'instances par profondeur
help-arg-knight-prune = Coupe les branches qui laissent une case libre sans assez de sorties
help-arg-prove-query = La question, avec ou sans son point final ; sans elle, une boucle interactive
help-arg-cube-random = Un cube tiré uniformément au hasard parmi toutes les positions (graine : --seed)
help-arg-hanoi-rules = La base de règles de --method rules : un fichier, ou course (celle du cours), neighbours, optimal [par défaut : course avec 3 piquets, neighbours au-delà]
help-arg-cube-scramble = Un mélange aléatoire de N mouvements (graine : --seed)
help-arg-taquin-search-anyway = Cherche même quand la parité dit qu'il n'y a pas de solution : la recherche explore alors tous les taquins atteignables (181 440 en 3x3) et le dit
help-arg-experiment-taquin-seed = Graine aléatoire des instances
help-arg-cube-seed = Graine de --scramble et --random
help-arg-matches-play-seed = Graine des niveaux random et mcts
help-arg-tictactoe-play-seed = Graine des niveaux random et mcts
help-arg-connect4-play-seed = Graine des niveaux random et mcts
help-arg-seed = Graine de la recherche aléatoire
help-arg-rules-seed = Graine de la stratégie random
help-arg-knight-show-board = Affiche l'échiquier même s'il est grand (au-delà de 20x20 la sortie texte ne donne que les compteurs ; --svg, --html ou --format json donnent le tour)
help-arg-taquin-size = Taille du taquin de --census : N ou LIGNESxCOLONNES [par défaut : celle du but, sinon 3x3]
help-arg-pdb-build-size = Taille du taquin : N pour N x N, ou LIGNESxCOLONNES [par défaut : celle du but, sinon 4]
help-arg-experiment-taquin-size = Taille du taquin : N pour N x N, ou LIGNESxCOLONNES
help-arg-knight-size = Taille de l'échiquier : N, ou LIGNESxCOLONNES pour un rectangle
help-arg-size = La grille, colonnes x lignes, chacune de 4 à 8
help-arg-cube-size = La taille du cube : 2 (2x2x2) ou 3
help-arg-knight-start = Case de départ, numérotée à partir de 0
help-arg-taquin-start = Le taquin de départ
help-arg-hanoi-strategy = Résolution de conflits des règles : priority (priorité), order (ordre), recency (récence), specificity (spécificité)
help-arg-rules-strategy = Résolution de conflits : priority, order, recency, specificity, depth, breadth, simplicity, complexity, lex, mea, random
help-arg-knight-svg = Dessine le tour (le dernier montré, avec --all) dans un fichier SVG
help-arg-cube-svg = Écrit le cube (avant résolution) comme un patron SVG dans FICHIER
help-arg-prove-syntax = Comment le fichier est écrit : prolog, ou course (la notation du TP : `A <- B, C.` et `B <- True.`, des symboles quelle que soit leur casse ; la question s'écrit alors `'A, D'`, `;` pour ou). Par défaut : course quand le fichier a une flèche `<-` ou `←`, prolog sinon
help-value-prove-syntax-prolog = Prolog standard (les majuscules sont des variables)
help-value-prove-syntax-course = La notation du TP : `A <- B, C.`
help-arg-connect4-solve-table-bits = Table de transposition : environ 2^N cases de 5 octets en 7x6, 8 sur les plus grandes grilles (16 à 27 : de 320 Ko à 1 Go)
help-arg-take = Les prises permises, par exemple 1,2,3, ou 'any' (Nim)
help-arg-taquin-threads = Fils d'exécution : IDA* y répartit l'arbre d'un taquin, --batch résout autant de taquins à la fois (résultats toujours dans l'ordre de l'entrée) ; 0 = tous les cœurs. Limité aux cœurs disponibles
help-arg-experiment-taquin-threads = Fils d'exécution [par défaut : tous les cœurs ; au plus les cœurs disponibles]. Les résultats n'en dépendent pas
help-arg-knight-ties = Départage des égalités de Warnsdorff : order (celui du cours), roth (la plus loin du centre), ou auto : order jusqu'à 8x8 (les échiquiers du cours), roth au-delà, où l'ordre des sauts égare le retour arrière (pas de tour de 300x300 en quelques minutes)
help-arg-matches-timeout = Arrête une recherche sur des sommes de tas après ce nombre de secondes (décimales permises ; code de sortie 3)
help-arg-matches-states-timeout = Arrête une recherche sur des sommes de tas après ce nombre de secondes (décimales permises ; code de sortie 3)
help-arg-matches-tree-timeout = Arrête une recherche sur des sommes de tas après ce nombre de secondes (décimales permises ; code de sortie 3)
help-arg-matches-plays-timeout = Arrête une recherche sur des sommes de tas après ce nombre de secondes (décimales permises ; code de sortie 3)
help-arg-matches-solve-timeout = Arrête une recherche sur des sommes de tas après ce nombre de secondes (décimales permises ; code de sortie 3)
help-arg-matches-play-timeout = Arrête une recherche sur des sommes de tas après ce nombre de secondes (décimales permises ; code de sortie 3)
help-arg-timeout = S'arrête après ce nombre de secondes (décimales permises ; code de sortie 3)
help-arg-connect4-solve-timeout = S'arrête après ce nombre de secondes (code de sortie 3)
help-arg-rules-timeout = S'arrête après ce nombre de secondes, y compris pendant le filtrage et les conditions Prolog (décimales permises ; code de sortie 3)
help-arg-experiment-taquin-timeout = Limite de temps de chaque essai, en secondes
help-arg-experiment-hanoi-timeout = Limite de temps de chaque essai, en secondes
help-arg-to-move = Le joueur qui a le trait dans l'état de départ (1 ou 2)
help-arg-hanoi-trace = Affiche chaque cycle des règles (ensemble de conflits, règle déclenchée, faits ajoutés et retirés), ou chaque développement d'une recherche avec f, g et h
help-arg-rules-trace = Affiche chaque cycle : l'ensemble de conflits, la règle choisie, les faits ajoutés et retirés
help-arg-trace = Affiche chaque développement avec f, g et h
help-arg-prove-trace = Trace la preuve : `course` (la trace DAT du TP : chaque conjonction restant à démontrer, numérotée par niveau, et chaque règle choisie, jusqu'au premier succès), `steps` (la conjonction et la clause de chaque résolution, en bref) ou `ports` (call, exit, redo, fail)
help-value-prove-trace-course = La trace DAT du TP : chaque conjonction restant à démontrer, par niveau, et la règle choisie
help-value-prove-trace-steps = Chaque étape de résolution, en bref : la conjonction et la clause choisie
help-value-prove-trace-ports = Les ports de Prolog : call, exit, redo, fail
help-arg-prove-unknown = Ce que fait l'appel d'un prédicat inconnu : error (existence_error) ou fail (échec)
help-value-prove-unknown-error = existence_error (Prolog standard)
help-value-prove-unknown-fail = Échec : un fait absent de la base est faux
help-arg-weight = Poids w de A* pondéré (f = g + w·h)
help-arg-prove-whole-answers = Affiche les réponses en entier : par défaut une liste est coupée après 9 éléments et un terme au-delà de 10 niveaux d'imbrication, comme le fait le toplevel de SWI-Prolog (`L = [1,2,3,4,5,6,7,8,9|...]`). Les réponses JSON sont toujours entières
help-arg-matches-plays-winner = Seulement les parties gagnées par ce joueur (1 ou 2)

## Les erreurs d'analyse de la ligne de commande (clap)

clap-error-unknown-argument = argument inattendu « { $arg } »
clap-error-value-required = une valeur est requise pour « { $arg } », mais aucune n'a été donnée
clap-error-invalid-value = valeur « { $value } » invalide pour « { $arg } »
clap-error-possible-values = [valeurs possibles : { $values }]
clap-error-invalid-subcommand = sous-commande « { $name } » inconnue
clap-error-missing-required = les arguments requis suivants n'ont pas été donnés :
clap-error-missing-subcommand = « { $name } » demande une sous-commande, mais aucune n'a été donnée
clap-error-subcommands = [sous-commandes : { $values }]
clap-error-conflict = l'argument « { $arg } » ne peut pas être utilisé avec « { $other } »
clap-error-conflict-many = l'argument « { $arg } » ne peut pas être utilisé avec :
clap-error-conflict-others = l'argument « { $arg } » ne peut pas être utilisé avec un ou plusieurs des autres arguments donnés
clap-error-used-twice = l'argument « { $arg } » ne peut être donné qu'une fois
clap-error-no-equals = il faut un signe égal pour donner une valeur à « { $arg } »
clap-error-too-many-values = valeur « { $value } » inattendue pour « { $arg } » : aucune autre n'était attendue
clap-error-too-few-values = « { $arg } » demande { $wanted } valeurs ; { $given ->
    [one] une seule a été donnée
   *[other] { $given } ont été données
}
clap-error-invalid-utf8 = un ou plusieurs arguments ne sont pas de l'UTF-8 valide
clap-error-tip-similar = astuce : { $count ->
    [one] { $what ->
        [subcommand] une sous-commande semblable existe
        [argument] un argument semblable existe
       *[value] une valeur semblable existe
    }
   *[other] { $what ->
        [subcommand] des sous-commandes semblables existent
        [argument] des arguments semblables existent
       *[value] des valeurs semblables existent
    }
} : { $names }
clap-error-tip-escape = astuce : pour passer « { $arg } » comme valeur, écrivez « -- { $arg } »
clap-error-tip = astuce : { $tip }
clap-error-usage-heading = Utilisation :
clap-error-more-info = Pour en savoir plus, essayez « { $flag } ».
clap-error-invalid-digit = chiffre invalide
clap-error-empty-number = nombre vide
clap-error-number-too-large = nombre trop grand
clap-error-number-too-small = nombre trop petit
clap-error-invalid-decimal = nombre décimal invalide
help-arguments-heading = Arguments{" "}
help-options-heading = Options{" "}

## Les refus d'une entrée par les bibliothèques

input-at = { $origin } : ligne { $line }, colonne { $column } : { $message }
input-syntax-error = { $origin } : erreur de syntaxe, ligne { $line } colonne { $column } : { $message } (près de `{ $near }`)
input-board-forms = écrivez-le 'b h c / a f d / g _ e' (lignes séparées par '/'), [2, 8, 3, 1, 6, 4, 7, 0, 5] ou 2 8 3 1 6 4 7 0 5 (un nombre carré de cases, ligne par ligne), ou [[b,h,c],[a,f,d],[g,vide,e]] ; la case vide s'écrit 0, _, . ou vide
input-board-empty = taquin vide
input-board-unequal-rows = lignes de longueurs différentes : la ligne 1 a { $a } cases, la ligne { $b } en a { $c }
input-board-too-small = un taquin a au moins 2 lignes et 2 colonnes, celui-ci est { $a }x{ $b }
input-board-blanks = un taquin a exactement une case vide (0, _, . ou vide), celui-ci en a { $a }
input-board-repeated-tile = la pièce { $a } apparaît plusieurs fois
input-board-not-square = une liste de cases à plat forme un taquin carré (9 cases : 3x3, 16 : 4x4), celle-ci a { $a } cases
input-board-row-not-list = une ligne d'une liste de lignes n'est pas une liste : '{ $a }'
input-board-size-mismatch = le départ est un { $a }x{ $b } mais le but un { $c }x{ $d }
input-board-too-big = un taquin a au plus 256 cases, celui-ci en a { $a }
input-board-tile-not-in-goal = la pièce { $a } est dans le départ mais pas dans le but
input-board-tile-not-in-start = la pièce { $a } est dans le but mais pas dans le départ
input-board-different-tiles = le départ et le but n'ont pas les mêmes pièces
input-graph-start-one = 'start' prend exactement un nom de nœud
input-graph-start-twice = le nœud de départ est donné deux fois
input-graph-goal-name = 'goal' demande au moins un nom de nœud
input-graph-node-name = 'node' demande un nom de nœud
input-graph-attribute = attribut de nœud '{ $a }' inconnu (attendu : h=VALEUR, x=X ou y=Y)
input-graph-negative = '{ $a }' doit être un nombre fini positif ou nul
input-graph-not-a-number = '{ $a }' n'est pas un nombre
input-graph-edge = '{ $a }' prend deux noms de nœuds et un coût facultatif
input-graph-directive = directive '{ $a }' inconnue (attendu : start, goal, node, edge ou arc)
input-graph-no-start = pas de nœud de départ : ajoutez une ligne 'start NOM'
input-graph-no-goal = pas de nœud but : ajoutez une ligne 'goal NOM'
input-maze-empty = le labyrinthe est vide
input-maze-too-large = le labyrinthe est trop grand ({ $a }x{ $b }, au plus { $c } cases)
input-maze-second-start = un second départ 'S' (le premier est ligne { $a }, colonne { $b })
input-maze-second-exit = une seconde sortie 'E' (la première est ligne { $a }, colonne { $b })
input-maze-character = caractère { $a } inattendu (attendu : '#' mur, '.' libre, 'S' départ ou 'E' sortie)
input-maze-no-start = le labyrinthe n'a pas de départ 'S'
input-maze-no-exit = le labyrinthe n'a pas de sortie 'E'
input-rules-no-full-stop = cet élément ne finit pas par un point (`.` suivi d'une espace ou d'un retour à la ligne)
input-rules-name = le nom de la règle est attendu après `rule`
input-rules-integer = un entier est attendu après `{ $a }`
input-rules-colon = `:` est attendu après `rule { $a }` (et sa priorité ou sa saillance, s'il y en a)
input-rules-arrow = la règle { $a } demande `==>` entre ses conditions et ses actions
input-rules-second-arrow = la règle { $a } a un second `==>`
input-rules-no-conditions = la règle { $a } n'a pas de conditions avant `==>` (écrivez `true`)
input-rules-second-goal = une base de règles a un seul but ; celui-ci est un second
input-rules-clause = cette clause ne peut pas être ajoutée : { $a }
input-rules-fact = le fait { $a } ne peut pas être ajouté : { $b }
input-syntax-near = erreur de syntaxe : { $a } (près de `{ $b }`)
input-syntax-operator-or-period = opérateur attendu (ou `.` manquant à la fin de la clause)
input-syntax-operator = opérateur attendu
input-syntax-term = terme attendu
input-syntax-priority-clash = conflit de priorité entre opérateurs
input-syntax-character = caractère inattendu
input-syntax-unterminated-quote = texte entre guillemets non terminé
input-syntax-unterminated-comment = commentaire de bloc non terminé
input-syntax-text-after = du texte après la fin du terme
input-syntax-empty-query = question vide
input-syntax-end-of-text = fin du texte
input-course-after-head = `<-` ou `.` attendu après la tête de la règle
input-course-after-body = `,`, `;` ou `.` attendu (chaque règle finit par un point)
input-course-symbol = un symbole est attendu (lettres, chiffres, `_`)
input-syntax-expected = `{ $a }` attendu
input-query = question

## Les exemples après l'aide de chaque commande
help-after-resolu =
    Exemples :
      resolu demo                               chaque problème intégré avec ses réglages par défaut
      resolu taquin --start 'bhc/afd/g_e'       le taquin du cours avec A* et Manhattan
      resolu graph examples/graphs/romania.graph --algo astar
      resolu hanoi --disks 4                    le système expert sur 4 disques
      resolu matches solve --matches 21         qui gagne, et comment
      resolu connect4 solve --moves 3276477567135243   le score exact d'une position de Puissance 4
      resolu knight --size 8 --method warnsdorff
      resolu prove examples/prolog/car.pl 'voiture_OK'
      resolu cube "R U R' U'"                      le Rubik's cube, en deux phases

    Codes de sortie : 0 résolu, 1 il n'existe pas de solution, 2 entrée ou usage incorrect, 3 une limite a arrêté la recherche.
help-after-graph =
    Exemples :
      resolu graph examples/graphs/romania.graph --algo astar
      resolu graph examples/graphs/tree.graph --algo dfs --trace
      resolu graph examples/graphs/romania.graph --algo greedy --format json

    Format du fichier : une directive par ligne, '#' commence un commentaire :
      start NOM | goal NOM... | edge A B [COÛT] | arc A B [COÛT] | node NOM [h=VALEUR] [x=X y=Y] (x, y : où --html le dessine)
help-after-taquin =
    Exemples :
      resolu taquin                                   l'instance du cours, A* et Manhattan
      resolu taquin --start 'a b c / g _ d / h f e'   il n'existe pas de solution (code 1), dit d'emblée
      resolu taquin --start 'bhc/afd/g_e' --heuristic misplaced --trace
      resolu taquin --start '5 1 2 3/9 6 7 4/13 10 11 8/0 14 15 12' --algo idastar
      resolu taquin --start '1 2/_ 3' --goal standard --format json
      resolu taquin --start '[2, 8, 3, 1, 6, 4, 7, 0, 5]'   la liste du notebook (9 cases : 3x3)
      resolu taquin --start '[[b,h,c],[a,f,d],[g,vide,e]]' --algo aetoile --heuristic h1
      resolu taquin --moves-as blank --lang fr         les coups comme directions de la case vide (haut, bas...)
      resolu taquin --start 'a b c / g _ d / h f e' --search-anyway   A* explore les 181 440 taquins
      resolu taquin --batch examples/boards.txt --heuristic linear-conflict
      resolu taquin --batch examples/boards.txt --algo idastar --threads 2   les taquins sur 2 cœurs
      resolu taquin --start '5 1 2 3/9 6 7 4/13 10 11 8/0 14 15 12' --algo idastar --threads 0
      resolu taquin --census --size 2x5 --format json      les taquins à chaque distance du but
      resolu taquin --start '5 1 2 3/9 6 7 4/13 10 11 8/0 14 15 12' --algo idastar --heuristic pdb:5-5-5

    Taquins : lignes séparées par '/' ou des retours à la ligne, cases par des espaces (une ligne de
    pièces d'un caractère peut s'écrire sans espaces) ; les pièces sont des nombres ou des lettres ;
    la case vide s'écrit 0, _, '.' ou vide. Les formes des TP aussi : [2, 8, 3, 1, 6, 4, 7, 0, 5] ou
    2 8 3 1 6 4 7 0 5 (9 cases : 3x3, 16 : 4x4) et [[b,h,c],[a,f,d],[g,vide,e]].
    Noms : h1 = misplaced (cases mal placées, case vide non comptée), h2 = manhattan ; noms français
    des algorithmes (aleatoire, profondeur, profondeur-iterative, largeur, cout-uniforme, glouton,
    aetoile, aetoile-ponderee, idaetoile) et des heuristiques (mal-places, conflits-lineaires).
    Buts : 'standard' (ordre croissant, case vide à la fin), 'snail' (l'escargot : ordre croissant
    le long d'une spirale dans le sens horaire depuis le coin en haut à gauche), ou un taquin.
    Par défaut : l'escargot en 3x3, standard sinon.

    Bases de motifs : --heuristic pdb prend la meilleure pour la taille (la table exacte des distances
    jusqu'à 10 cases, 7-8 en 4x4, 6-6-6-6 en 5x5), pdb:7-8, pdb:6-6-3, pdb:5-5-5, pdb:6-6-6-6 ou toute
    partition (pdb:4-4, pdb:1,2,3/4,5,6,7,8) ; le taquin symétrique par rapport à la diagonale est
    consulté aussi quand le but le permet. Les tables sont lues dans --pdb-dir (par défaut
    $XDG_CACHE_HOME/resolu/pdb ou ~/.cache/resolu/pdb), construites au premier usage avec une barre
    de progression (voir `resolu pdb --help`).
    --census compte les taquins à chaque distance du but par une recherche en largeur exhaustive,
    2 bits par taquin (3x3 : 181 440 ; 3x4 : 239 500 800 en 120 Mo) ; JSON {"{"}states, diameter,
    counts{"}"}.
help-after-experiment-taquin =
    Exemples :
      resolu experiment taquin                       l'étude du cours (3x3, profondeurs 2..30) : quelques secondes
      resolu experiment taquin --depths 2,4,6,8 --per-depth 3 --out out/quick
      resolu experiment taquin --size 4 --depths 10,20,30 --heuristics manhattan,linear-conflict --algos idastar

    Écrit dans --out : runs.csv (une ligne par essai), nodes.svg, time.svg, bstar.svg et report.md.
help-after-experiment-hanoi =
    Exemples :
      resolu experiment hanoi                               3 piquets, 1 à 12 disques : bfs, astar, optimal
      resolu experiment hanoi --pegs 4 --disks 1-8 --algos bfs,astar,idastar,optimal

    Écrit dans --out : runs.csv (une ligne par essai), nodes.svg, time.svg, bstar.svg et report.md ;
    la profondeur d'un essai est le nombre optimal de déplacements (2^n - 1 avec 3 piquets).
help-after-prove =
    Exemples :
      resolu prove examples/prolog/car.pl 'voiture_OK'              le diagnostic du cours
      resolu prove examples/course/dat.txt 'A, D' --trace course --lang fr   la trace DAT du TP
      resolu prove examples/course/dat.txt 'A ; F'                  la notation du TP, ; pour ou
      resolu prove examples/prolog/car.pl voiture_OK --trace        DAT sur la base voiture (--lang en|fr)
      resolu prove examples/prolog/car.pl voiture_OK --trace=steps  chaque étape de résolution, en bref
      resolu prove examples/prolog/car.pl voiture_OK --explain      l'arbre de preuve
      resolu prove examples/prolog/tiny.pl 'a, f'                   false. (f est inconnu : faux)
      resolu prove examples/prolog/family.pl 'grandparent(tom, X)'
      resolu prove examples/prolog/lists.pl 'append(X, Y, [1,2])' --format json
      resolu prove examples/prolog/queens.pl 'queens2(8, Qs)' --limit 3
      resolu prove examples/prolog/family.pl 'ancestor(tom, X)' --trace=ports
      resolu prove examples/prolog/family.pl                        interactif : invite ?-, ';' pour la suite

    Les réponses s'affichent `X = tom, Y = bob` (`true` quand la question n'a pas de variable à
    montrer), et `false.` quand il n'y en a pas. Les longues réponses sont abrégées comme le fait le
    toplevel de SWI-Prolog : `numlist(1, 100, L)` affiche `L = [1,2,3,4,5,6,7,8,9|...]` ;
    --whole-answers les affiche en entier (`resolu prove f.pl 'numlist(1, 100, L)' --whole-answers`),
    écrites à mesure qu'elles sont produites et dans la limite de --timeout. Codes de sortie : 0 au
    moins une réponse, 1 aucune (ou une erreur du programme non rattrapée), 2 erreur de syntaxe ou
    usage incorrect, 3 une limite l'a arrêtée (inférences, temps ou mémoire ; les directives du
    fichier comptent aussi). Par défaut une question peut faire 100 000 000 d'inférences (quelques
    secondes) et utiliser la moitié de la mémoire disponible : une boucle sans fin s'arrête avec un
    message qui nomme la limite ; on les augmente avec --max-inferences (0 : aucune limite) et
    --max-memory. Ctrl-C arrête une question de la même façon (code 3, avec les inférences faites).
    halt(N) termine le processus avec le code de sortie N sur-le-champ. Dans Prolog, manquer de
    mémoire lève resource_error(memory), que catch/3 peut rattraper. Ce que le programme écrit
    apparaît à mesure ; read/1 et get_char/1 lisent l'entrée standard quand ils en ont besoin.
help-after-rules =
    Exemples :
      resolu rules examples/rules/car.rules                chaque conclusion et comment elle a été déduite
      resolu rules examples/rules/car.rules --fact klaxon_OK --trace
      resolu rules examples/rules/hanoi.rules --trace      le système expert du cours, cycle par cycle
      resolu rules examples/rules/hanoi.rules --strategy recency --max-cycles 100
      resolu rules examples/rules/car.rules --explain voiture_OK   l'arbre complet d'un fait
      resolu rules examples/rules/strategies.rules --strategy depth --trace

    Format du fichier (des clauses Prolog peuvent s'y mêler ; les conditions peuvent les appeler) :
      fact TERME.   facts T1, T2.                la base de faits initiale (des termes clos)
      rule NOM [priority N] [salience N]: C1, C2 ==> A1, A2.   conditions ==> actions
      goal C1, C2.                               facultatif : s'arrêter dès que ceci est vrai
    Conditions : des motifs filtrés sur les faits, des appels de prédicats Prolog, \+ G ou not(G).
    Un motif sur une relation qu'aucun fait, action ou clause ne définit est une erreur (la déclarer
    avec `:- dynamic nom/arité.` si elle peut venir de --fact).
    Actions : assert(F), retract(F), print(X, ...), halt, ou tout but Prolog.
    Stratégies : la saillance d'abord (la plus haute d'abord, comme dans CLIPS), puis : priority (le
    plus petit nombre d'abord : la méta-règle du cours), order (l'ordre du fichier), recency (les
    faits les plus récents d'abord), specificity (le plus de conditions d'abord) ; les égalités
    suivent l'ordre du fichier, puis l'ordre où les instances ont été trouvées. Les stratégies de
    CLIPS 6 : depth (l'activation la plus récente d'abord), breadth (la plus ancienne d'abord),
    simplicity / complexity (le moins / le plus de comparaisons), lex, mea, random (graine : --seed).
    Une instance ne se déclenche qu'une fois (réfraction).
    Codes de sortie : 0 but atteint, arrêt par halt, ou plus rien à déduire (sans but) ; 1 bloqué
    (aucune règle applicable avant le but) ; 2 fichier incorrect ; 3 --max-cycles, --timeout,
    --max-memory ou --max-inferences atteint, ou Ctrl-C.
help-after-hanoi =
    Exemples :
      resolu hanoi                                  le système expert du cours : 26 déplacements
      resolu hanoi --disks 4 --compact              80 déplacements, une ligne chacun
      resolu hanoi --rules optimal --disks 5        des règles qui regardent le dernier disque déplacé : 31
      resolu hanoi --pegs 4                         les règles du cours sur 4 piquets (voisins)
      resolu hanoi --rules examples/rules/hanoi.rules --trace   un fichier de règles, cycle par cycle
      resolu hanoi --method optimal                 l'algorithme récursif : 7 déplacements
      resolu hanoi --method optimal --pegs 4 --disks 8   Frame–Stewart : 33 déplacements
      resolu hanoi --method bfs --pegs 4 --disks 6 --format json
      resolu hanoi --method idastar --disks 3 --compact

    Méthodes : rules (par défaut : une base de règles exécutée en chaînage avant, voir
    `resolu rules --help`), optimal (la récursion pour 3 piquets, Frame–Stewart au-delà), ou un
    algorithme de recherche : random, dfs, iddfs, bfs, ucs, greedy, astar, wastar, idastar (les
    informés avec une heuristique admissible : chaque disque hors du piquet but bouge au moins une
    fois, chaque disque sur lui au-dessus d'un plus grand mal placé au moins deux fois).
    --method bfs compte toutes les P^N situations (2 bits chacune ; le JSON ajoute les nombres et
    l'excentricité) ; avec --max-nodes ou --timeout il lance plutôt la recherche en largeur générique.
    Les piquets sont numérotés à partir de 0 ; les disques partent du piquet 0 et vont au dernier.
    JSON : `length`, `moves` en paires [from, to], `optimum` (2^n - 1, ou le nombre de Frame–Stewart).

    Bases de règles : --rules prend un fichier ou un nom intégré : course (examples/rules/hanoi.rules,
    par défaut avec 3 piquets), neighbours (examples/rules/hanoi-neighbours.rules, par défaut avec
    plus de piquets), optimal (examples/rules/hanoi-optimal.rules). Une situation est une liste de
    piquets, chacun la liste de ses disques du bas vers le haut, comme les piquets sont dessinés :
    {"["}[3,2,1],[],[]]. --disks et --pegs remplacent les faits state(S), seen(S) et target(T) du fichier
    par la situation de départ (deux fois) et celle du but ; les autres faits restent. Sans but dans
    le fichier, le but est `state(S), target(S)`. Chaque déplacement des règles est vérifié ; code 1
    si la base de règles se bloque, 3 à --max-cycles, --timeout ou --max-memory (respectés aussi
    pendant le filtrage et les conditions Prolog).
help-after-matches =
    Exemples :
      resolu matches                          le modèle du cours : états, opérateurs, arbre, verdict
      resolu matches states                   les états et la fonction successeur
      resolu matches tree                     l'arbre de recherche, chaque état avec son gagnant
      resolu matches plays --winner 1         chaque partie gagnée par le joueur 1, en profondeur
      resolu matches plays --winner 1 --bfs   la même chose, en largeur (les plus courtes d'abord)
      resolu matches solve --matches 21       qui gagne, et comment
      resolu matches solve --matches 21 --format json
      resolu matches solve --heaps 3,4,5 --take any       Nim : Sprague-Grundy (XOR)
      resolu matches solve --heaps 3,4,5 --take any --misere   la règle misère de Bouton
      resolu matches play --first computer --level random --seed 7

    Un état est (allumettes restantes, joueur qui a le trait) ; avec plusieurs tas, (tas tas ...,
    joueur). Jeu normal : qui prend la dernière allumette gagne (un joueur qui ne peut pas jouer
    perd) ; --misere : qui prend la dernière allumette perd. Les coups en JSON : le nombre
    d'allumettes prises, ou {"["}tas, prises] avec plusieurs tas (numérotés à partir de 1). Dans
    `play`, tapez le nombre à prendre (avec plusieurs tas : le tas puis le nombre, par exemple
    '2 3') ; 'q' abandonne.
help-after-matches-states =
    Exemples :
      resolu matches states                    les 12 états (n, joueur), l'un ou l'autre joueur commençant,
                                               puis (5, 1)  -1-> (4, 2)  -2-> (3, 2)  -3-> (2, 2) ...
      resolu matches states --matches 7 --take 1,2
      resolu matches states --format json      chaque état avec ses successeurs
help-after-matches-tree =
    Exemples :
      resolu matches tree                      l'arbre du cours : 28 nœuds, 13 parties
      resolu matches tree --matches 8 --depth 3
      resolu matches tree --heaps 1,2,2 --take any --misere
help-after-matches-plays =
    Exemples :
      resolu matches plays --winner 1          les 7 parties gagnées par le joueur 1, en profondeur
      resolu matches plays --winner 1 --bfs    la même chose, les plus courtes d'abord
      resolu matches plays --matches 10 --limit 5 --format json
help-after-matches-solve =
    Exemples :
      resolu matches solve --matches 21                  prendre 1, en laisser 20
      resolu matches solve --matches 1000000 --format json
      resolu matches solve --matches 10 --take 1,3,4 --misere
      resolu matches solve --heaps 3,4,5 --take any      Nim, par le XOR des tas

    JSON : {"{"}"to_move", "value": win|loss|draw, "winning_moves", "plies_to_end"{"}"} ; un coup est
    le nombre pris, ou [tas, pris] avec plusieurs tas.
help-after-matches-play =
    Exemples :
      resolu matches play                                 5 allumettes, vous commencez
      resolu matches play --matches 21 --first computer   l'ordinateur commence (et gagne)
      resolu matches play --heaps 3,4,5 --take any        Nim : tapez 'tas nombre', par exemple '2 3'
      printf '1\n3\n' | resolu matches play               des coups lus d'un script

    'q' arrête la partie ; la fin de l'entrée aussi.
help-after-tictactoe =
    Exemples :
      resolu tictactoe                          les nombres, le verdict, et ce que chaque algorithme visite
      resolu tictactoe solve                    match nul : chaque premier coup le garde
      resolu tictactoe solve --board 'xx./oo./...' --format json
      resolu tictactoe play                     vous êtes X et commencez
      resolu tictactoe play --first computer --level random --seed 3

    Grilles : neuf cases ligne par ligne, x, o ou . (les lignes peuvent être séparées par '/'). Les
    cases s'écrivent ligne puis colonne, à partir de 1 : dans `play` tapez '2 3' (ligne 2, colonne 3)
    ou un numéro de case 1-9 (ligne par ligne) ; en JSON une case est [row, col]. 'q' arrête la partie.
help-after-tictactoe-solve =
    Exemples :
      resolu tictactoe solve                                  match nul, 9 coups
      resolu tictactoe solve --board 'xx./oo./...'            X gagne tout de suite en (1, 3)
      resolu tictactoe solve --board 'x.x/.o./x.o' --format json
help-after-tictactoe-play =
    Exemples :
      resolu tictactoe play                              vous êtes X, l'ordinateur est parfait
      resolu tictactoe play --first computer             l'ordinateur est X
      resolu tictactoe play --level random --seed 3      un adversaire que vous pouvez battre
      resolu tictactoe play --level mcts:2000            recherche arborescente Monte-Carlo, 2000 itérations par coup
      printf '2 2\n1 1\n' | resolu tictactoe play        des coups lus d'un script

    Tapez une case sous la forme 'ligne colonne' (par exemple '2 3') ou un numéro 1-9 ligne par
    ligne ; 'q' arrête.
help-after-connect4 =
    Exemples :
      resolu connect4 --moves 4453                     la grille après les colonnes 4, 4, 5, 3
      resolu connect4 solve --moves 3276477567135243   score 11 : le joueur 1 gagne
      resolu connect4 solve --moves 3276477567135243 --analyze   et le score de chaque colonne
      resolu connect4 solve --moves 4453 --format json --timeout 60   (lent : 10 s de recherche)
      resolu connect4 solve --size 5x4                 la grille 5x4 vide : match nul
      resolu connect4 play --size 6x5                  vous commencez, contre le solveur
      resolu connect4 play --level mcts:5000           recherche arborescente Monte-Carlo, 5000 itérations par coup

    Une position est la suite des colonnes jouées, numérotées à partir de 1 (comme l'écrivent les
    jeux de tests publiés). Le score, pour le joueur qui a le trait : 0 match nul ; une victoire
    vaut (cases + 1 - n) / 2, n étant le nombre de pions sur la grille avant le pion gagnant (en 7x6 :
    22 moins le nombre de pions du gagnant, donc une victoire plus rapide vaut plus) ; une défaite
    vaut l'opposé de la victoire de l'adversaire.
help-after-connect4-solve =
    Exemples :
      resolu connect4 solve --moves 3276477567135243 --format json
      resolu connect4 solve --moves 3276477567135243 --analyze   le score de chaque colonne
      resolu connect4 solve --size 6x5                   la grille 6x5 vide, entièrement (secondes)
      resolu connect4 solve --size 5x4 --book 6          depuis une bibliothèque d'ouvertures (construite une fois)
      resolu connect4 solve --moves 4 --timeout 2        code 3 si ce n'est pas résolu en 2 secondes

    JSON : {"{"}"score", "best_moves" (colonnes à partir de 1), "nodes" (positions examinées),
    "column_scores" (null pour une colonne pleine), "to_move", "elapsed_ms"{"}"} ; sans --analyze
    "best_moves" et "column_scores" valent null. Une recherche arrêtée donne "score": null,
    "reason" et le code 3.
    Le solveur, d'après Pascal Pons : des bitboards, negamax avec alpha-bêta sur les coups qui ne
    perdent pas tout de suite, une table de transposition de bornes, les coups ordonnés par les
    cases gagnantes qu'ils créent puis le centre d'abord, des recherches à fenêtre nulle sur le
    score. Vers la fin d'une partie en 7x6 il lui faut des microsecondes, au milieu des
    millisecondes à des secondes ; la grille 7x6 vide, des heures.
help-after-connect4-play =
    Exemples :
      resolu connect4 play --size 5x4                    le solveur sur une petite grille
      resolu connect4 play                               7x6, alpha-bêta une seconde par coup
      resolu connect4 play --level perfect --moves 3276477567135243   le solveur, en milieu de partie
      resolu connect4 play --level mcts:5000 --first computer
      printf '4\n4\n4\n' | resolu connect4 play --level random --seed 1

    Tapez un numéro de colonne ; 'q' arrête la partie.
help-after-knight =
    Exemples :
      resolu knight                                  le tour 5x5 du cours depuis (0,0), version de base
      resolu knight --method warnsdorff              le tour de Warnsdorff du cours, sans retour arrière
      resolu knight --method warnsdorff --degrees    la matrice des voisins libres, puis chaque étape
      resolu knight --method warnsdorff --start 1,3  ici Warnsdorff doit revenir en arrière (214 retours arrière)
      resolu knight --start 0,1                      refusé, code 1 : aucun tour ne part de cette couleur
      resolu knight --size 8 --method warnsdorff --ties roth --svg tour.svg
      resolu knight --size 1000 --method warnsdorff --ties roth --format json > tour.json
      resolu knight --size 6 --closed --method warnsdorff --prune
      resolu knight --size 5x6 --start 2,3 --method band
      resolu knight --count                          304 tours ouverts du 5x5 depuis un coin
      resolu knight --size 6 --closed --count --prune   19 724 tours fermés orientés du 6x6
      resolu knight --count --all-starts --prune     1 728 tours ouverts du 5x5 depuis chaque case
      resolu knight --all                            un tour à la fois, en demandant s'il faut continuer
      resolu knight --all --limit 3 --format json    JSON Lines : 3 tours, puis un résumé

    Méthodes : basic (les sauts dans l'ordre du cours, bords testés), band (une bande de deux cases
    de large marquée prise : aucun test de bord), warnsdorff (le moins de sauts suivants d'abord,
    avec retour arrière entre cases également bonnes). Égalités de Warnsdorff : order (l'ordre des
    sauts du cours), roth (la plus loin du centre) ou auto (par défaut : order jusqu'à 8x8, roth
    au-delà). --prune refuse les sauts qui laissent une case libre sans assez de sorties (cela change
    les essais, jamais les tours).

    Compteurs, les mêmes pour les trois méthodes : les essais sont les cases où le cavalier a été
    posé, les retours arrière les cases reprises, les tests de bord les sauts testés pour rester sur
    l'échiquier (basic teste chaque saut ; la bande et Warnsdorff n'en ont pas besoin : c'est le gain
    de la bande). --max-nodes compte les sauts testés (moves_tested en JSON). Sur un échiquier d'un
    nombre impair de cases, un départ de la couleur minoritaire (ligne + colonne impaire) n'a pas de
    tour : il est refusé d'emblée.
help-after-queens =
    Exemples :
      resolu queens                     la première solution en 8x8, avec ses essais et retours arrière
      resolu queens 12 --count          14200 solutions
      resolu queens 6 --all             une solution à la fois, en demandant s'il faut continuer
      resolu queens 8 --all --limit 5 --format json   JSON Lines : 5 solutions, puis un résumé

    Une reine par ligne ; les colonnes sont essayées de gauche à droite ; colonnes et diagonales sont
    des ensembles de bits, le test de promesse tient donc en trois lectures de bits. --max-nodes compte
    les essais.
help-after-maze =
    Exemples :
      resolu maze examples/mazes/classic.maze                  retour arrière : un chemin, ses essais
      resolu maze examples/mazes/rooms.maze --algo bfs         le plus court chemin
      resolu maze examples/mazes/rooms.maze --algo astar --format json
      resolu maze examples/mazes/walled.maze                   pas de chemin (code 1)

    Format du fichier : '#' un mur, '.' une case libre, 'S' le départ, 'E' la sortie (un de chaque) ;
    une ligne plus courte que les autres est complétée par des murs. Le chemin est dessiné avec 'o'.
    Le retour arrière essaie est, sud, ouest, nord tour à tour ; une case quittée par retour arrière
    reste marquée comme impasse. --max-nodes compte les essais (backtrack) ou les développements
    (bfs, astar).
help-after-pdb =
    Exemples :
      resolu pdb build --size 4 --pattern 5-5-5       les trois tables à 5 pièces du taquin 4x4
      resolu pdb build --pattern 7-8 --goal '0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15'   (lent : des minutes)
      resolu pdb info                                  ce qui est en cache, avec tailles et sommes de contrôle
      resolu pdb verify --pdb-dir /tmp/tables          lit chaque fichier en entier et le vérifie

    Les tables sont dans $XDG_CACHE_HOME/resolu/pdb, sinon ~/.cache/resolu/pdb ; --pdb-dir choisit
    un autre répertoire. Un fichier garde la taille du taquin, le but, la partition, une version de
    format et une somme de contrôle ; `resolu taquin --heuristic pdb:7-8 --goal G` utilise ce que
    `resolu pdb build --pattern 7-8 --goal G` a construit (une table manquante ou abîmée est
    construite au premier usage).
    Partitions : 7-8, 6-6-3, 5-5-5 (4x4), 6-6-6-6 (5x5, les groupes de Korf et Felner), d'autres
    tailles comme 4-4 ou 3-4-4, ou des groupes de noms de pièces : '1,2,3,4/5,6,7,8'. Les groupes
    donnés par leurs tailles prennent les pièces dans l'ordre de leurs cases dans le but.
    `pdb verify` sort avec le code 1 si un fichier est abîmé.
help-after-cube =
    Exemples :
      resolu cube "R U R' U'"                        résout ce que laisse ce mélange (deux phases)
      resolu cube --scramble 25 --seed 7             un mélange aléatoire de 25 mouvements, deux phases
      resolu cube --random --seed 1                  un cube tiré uniformément au hasard
      resolu cube "R U2 F' L D" --method optimal     IDA* avec les bases de motifs de Korf
      resolu cube --scramble 14 --method optimal --timeout 60   (lent : jusqu'à une minute)
      resolu cube --facelets UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB
      resolu cube --size 2 --census                  les 3 674 160 positions du 2x2x2 par distance
      resolu cube --size 2 --census --metric qtm
      resolu cube --size 2 "R U F' R2" --format json
      resolu cube "R U" --svg cube.svg               le cube mélangé en patron SVG

    MOUVEMENTS : notation de Singmaster, faces U D L R F B, chacune suivie de rien (un quart de tour
    dans le sens horaire), de 2 (un demi-tour) ou de ' (sens antihoraire) ; appliqués au cube
    résolu, et le cube qu'ils laissent est celui qui est résolu. --facelets : 54 lettres, faces dans
    l'ordre U R F D L B, chacune lue ligne par ligne comme dans le patron dessiné (U avec B en haut,
    D avec F en haut) ; six couleurs quelconques, les centres les nomment. Sur le 2x2x2 : 24 lettres,
    quatre par face.
    Méthodes : optimal (par défaut sur le 2x2x2 : lecture d'une table ; sur le 3x3x3 : IDA* avec des
    bases de motifs, les 88 179 840 entrées des coins et deux groupes de six arêtes, construites une
    fois, environ une minute, et gardées en cache), two-phase (par défaut sur le 3x3x3 : celle de
    Kociemba, au plus --max-length mouvements ; avec --timeout elle cherche des solutions plus
    courtes jusque-là), idastar et bfs (les algorithmes génériques de la bibliothèque sur le même
    cube). Les tables sont gardées dans --cache-dir (par défaut $XDG_CACHE_HOME/resolu ou
    ~/.cache/resolu) avec une somme de contrôle, et reconstruites si elles sont abîmées.
    Métriques : htm (chaque mouvement de face compte 1), qtm (un demi-tour compte 2 ; les méthodes
    optimales cherchent alors en quarts de tour, two-phase reste une méthode en demi-tours dont la
    solution est comptée en quarts de tour). Limites : --timeout arrête toute méthode, et la
    construction des bases de motifs aussi (une construction interrompue n'est pas gardée) ;
    --max-nodes s'applique à idastar et bfs ; --max-memory à bfs, aux bases de motifs et à la table
    du 2x2x2 (--census aussi).
    JSON : {"{"}"solution", "length", "metric", "optimal", "stats"{"}"} ; avec --census
    {"{"}"metric", "counts"{"}"}.

## La ligne -h/--help de clap dans l'aide détaillée
help-flag-help-long = Affiche l'aide (un résumé avec « -h »)

## Noms inconnus (les messages des bibliothèques, reconnus en entier)
input-unknown-algorithm = algorithme '{ $a }' inconnu (attendu : { $b } ; en français : { $c })
input-unknown-heuristic = heuristique '{ $a }' inconnue (attendu : { $b } ; celles du cours : h1, h2 ; en français : { $c })
input-unknown-strategy = stratégie '{ $a }' inconnue (attendu : { $b })
input-unknown-method = méthode '{ $a }' inconnue (attendu : { $b })

## Les refus de la CLI elle-même (code de sortie 2)
refusal-flag = { $flag } : { $message }
refusal-origin = { $origin } : { $message }
refusal-origin-line = { $origin } : ligne { $line } : { $message }
refusal-heaps-at-most = --heaps : au plus { $max } tas
refusal-fact-not-ground = --fact : { $fact } n'est ni un atome ni un terme composé sans variable
refusal-demo-maze = labyrinthe de démonstration : { $message }
refusal-taquin-course-solvable = la question du cours devrait être sans solution
refusal-hanoi-method = méthode '{ $method }' inconnue (attendu : rules, optimal, ou un algorithme de recherche : { $names })
refusal-hanoi-too-many = { $disks } disques sur { $pegs } pics demandent { $best } coups ; --method optimal en liste au plus { $max }
refusal-hanoi-mismatch = la recherche a mesuré { $length } coups mais la solution de Frame–Stewart en a { $moves }
refusal-rule-not-situation = { $origin } : la règle { $rule } a produit state({ $state }), qui n'est pas une situation de { $disks } disques sur { $pegs } pics : { $message }
refusal-rule-not-legal = { $origin } : la règle { $rule } est passée de { $from } à { $to }, ce qui n'est pas un coup légal
refusal-read-terminal = impossible de lire le terminal : { $message }
refusal-halt = { $origin } : halt({ $code })
refusal-cannot-create = impossible de créer { $path } : { $message }
refusal-cannot-write = impossible d'écrire { $path } : { $message }
refusal-compare-unknown = --compare : algorithme '{ $name }' inconnu (random, dfs, iddfs, bfs, ucs, greedy, astar, wastar, idastar)
refusal-pdb-dir-is-file = --pdb-dir : { $path } est un fichier, pas un dossier (donnez un dossier, créé s'il manque)
refusal-no-cache-dir = pas de dossier de cache : définissez HOME ou XDG_CACHE_HOME, ou donnez { $flag }
refusal-goal-size = --goal est { $goal } mais --size est { $size }
refusal-size-range = --size : '{ $size }' n'est pas N ou LIGNESxCOLONNES entre 2x2 et 64 cases
refusal-not-pdb = '{ $spec }' n'est pas une base de motifs
refusal-heuristic-spec = --heuristic { $spec } : { $message }
refusal-disks-range = --disks : entre 1 et 20 disques
refusal-pegs-range = --pegs : entre 3 et 8 pics
refusal-per-depth = --per-depth doit valoir de 1 à { $max }, pas { $value }
refusal-korf-count = --korf : il y a { $count } taquins de Korf, pas { $value }
refusal-threads = impossible de lancer { $threads } fils d'exécution : { $message }
refusal-connect4-solver = le solveur { $message }
refusal-connect4-book = la construction du livre d'ouvertures { $message }
refusal-cube-size = --size doit valoir 2 ou 3, pas { $size }
refusal-cube-metric = métrique '{ $metric }' inconnue (attendu : htm ou qtm)
refusal-cube-color = --color '{ $color }' inconnu (attendu : auto, always ou never)
refusal-cube-census = --census énumère le 2x2x2 (--size 2) ; le 3x3x3 a 4,3e19 positions
refusal-cube-method = méthode '{ $method }' inconnue (attendu : optimal, two-phase, idastar ou bfs)
refusal-cube-two-phase = two-phase est une méthode du 3x3x3 ; le 2x2x2 est résolu optimalement par table (--method optimal)
refusal-cube-not-solved = erreur interne : la solution { $solution } ne résout pas le cube
refusal-cube-moves = mouvements '{ $moves }', { $message }
refusal-cube-impossible = cube impossible : { $message }
refusal-cube-scramble = --scramble { $count } : au plus 10000 mouvements
refusal-cube-tables = erreur interne : les tables de two-phase n'ont pas été construites
refusal-capitals-hint = {" "}(en Prolog un nom qui commence par une majuscule est une variable, donc cette clause n'a pas de prédicat : écrivez la base du TP `A <- B, C.` et lancez-la avec --syntax course, ou utilisez des noms en minuscules)

# The course's other boards and sizes, as the libraries word them (input_errors_fr.rs).
input-knight-size = taille d'échiquier « { $a } » incorrecte (attendu N ou LIGNESxCOLONNES, par exemple 8 ou 5x6)
input-knight-square = case « { $a } » incorrecte (attendu LIGNE,COLONNE, par exemple 0,0)
input-queens-size = les N reines demandent 1 <= N <= 32, pas { $a }
input-hanoi-disks = avec { $a } pics, il faut de 1 à { $b } palets, pas { $c }
input-tictactoe-cells = une grille de morpion a neuf cases, celle-ci en a { $a } (écrivez les lignes ainsi : 'x.o/.x./...')
input-tictactoe-cell = colonne { $a } : « { $b } » n'est pas une case (x, o ou .)
input-matches-takes = « { $a } » : on prend un nombre entier d'allumettes, au moins 1 (ou 'any')
input-whole-number = « { $a } » n'est pas un nombre entier de 0 à { $b }
input-connect4-column = caractère { $a } (« { $b } ») : pas une colonne (1 à { $c })
input-connect4-won = coup { $a } (colonne { $b }) : la partie est déjà gagnée
input-connect4-full = coup { $a } : la colonne { $b } est pleine ({ $c } pions)
input-connect4-columns = { $a } colonnes : une grille a de 4 à 8 colonnes
input-connect4-rows = { $a } lignes : une grille a de 4 à 8 lignes

# The experiments' own refusals (input_errors_fr.rs).
input-experiment-no-disks = { $a } : aucun nombre de palets donné
input-experiment-no-depth = { $a } : aucune profondeur donnée
input-experiment-bad-disks = { $a } : « { $b } » n'est ni un nombre de palets, ni un intervalle A-B ou A-B/PAS
input-experiment-bad-depth = { $a } : « { $b } » n'est ni une profondeur, ni un intervalle A-B ou A-B/PAS
input-experiment-empty-list = { $a } : la liste est vide
input-experiment-size = --size : « { $a } » n'est pas N ou LIGNESxCOLONNES
input-experiment-size-range = --size : { $a }x{ $b } n'est pas entre 2x2 et 64 cases
input-experiment-goal = --goal : { $a }

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
help-arg-connect4-html = Avec solve : écrit dans FICHIER une page pas à pas, la ligne de jeu parfait du solveur depuis la position, chaque grille avec le score de chaque colonne (un seul fichier HTML autonome)
help-arg-connect4-solve-html = Avec solve : écrit dans FICHIER une page pas à pas, la ligne de jeu parfait du solveur depuis la position, chaque grille avec le score de chaque colonne (un seul fichier HTML autonome)
help-arg-connect4-play-html = Avec solve : écrit dans FICHIER une page pas à pas, la ligne de jeu parfait du solveur depuis la position, chaque grille avec le score de chaque colonne (un seul fichier HTML autonome)
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

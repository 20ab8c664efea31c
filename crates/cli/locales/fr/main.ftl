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

% The course's car diagnosis base: backward chaining proves voiture_OK.
% A fact absent from the base is read as false (klaxon_OK, phares_OK, carburant_visible
% have no clause), hence the unknown flag.
:- set_prolog_flag(unknown, fail).

voiture_OK :- batterie_OK, demarreur_OK, essence_OK.

batterie_OK :- klaxon_OK.
batterie_OK :- phares_OK.
batterie_OK :- bruit_demarrage.
batterie_OK :- jauge_OK.

jauge_OK :- jauge_positive.

essence_OK :- jauge_positive.
essence_OK :- carburant_visible.

demarreur_OK :- bruit_demarrage.

jauge_positive.
bruit_demarrage.

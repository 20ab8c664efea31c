; The course's car diagnosis base: the CLIPS translation of examples/rules/car.rules
; (same facts, same rules, same order).
(deffacts observed (jauge_positive) (bruit_demarrage))
(defrule r1 (batterie_OK) (demarreur_OK) (essence_OK) => (assert (voiture_OK)))
(defrule r2 (klaxon_OK) => (assert (batterie_OK)))
(defrule r3 (phares_OK) => (assert (batterie_OK)))
(defrule r4 (bruit_demarrage) => (assert (batterie_OK)))
(defrule r5 (jauge_OK) => (assert (batterie_OK)))
(defrule r6 (jauge_positive) => (assert (jauge_OK)))
(defrule r7 (jauge_positive) => (assert (essence_OK)))
(defrule r8 (carburant_visible) => (assert (essence_OK)))
(defrule r9 (bruit_demarrage) => (assert (demarreur_OK)))

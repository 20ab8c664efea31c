; A rule base built to tell the conflict resolution strategies apart: the CLIPS
; translation of examples/rules/strategies.rules (same facts, same rules, same order).
(deffacts init (item 1) (item 2) (item 3) (colour red) (colour blue))
(defrule pair (item ?x) (colour ?c) => (assert (tagged ?x ?c)))
(defrule big (item ?x) (test (> ?x 1)) => (assert (big ?x)))
(defrule both (tagged ?x red) (big ?x) => (assert (chosen ?x)))
(defrule lonely (item ?x) (not (big ?x)) => (assert (small ?x)))
(defrule finish (declare (salience -5)) (chosen ?x) => (assert (done ?x)))

; Retraction, a fact modified (retracted and asserted anew), salience and halt: the CLIPS
; translation of crates/rules/tests/clips/counter.rules.
(deffacts init (count 0) (limit 3) (token a) (token b))
(defrule step ?f <- (count ?n) (limit ?l) (test (< ?n ?l)) => (retract ?f) (assert (count (+ ?n 1))))
(defrule use ?t <- (token ?x) (count ?n) => (retract ?t) (assert (used ?x ?n)))
(defrule stop (declare (salience -10)) (count 3) => (halt))

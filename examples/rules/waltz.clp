; Waltz in CLIPS 6: the line-labelling benchmark, the same rules and the same drawing as
; waltz.rules beside it (two cubes seen from a corner); the bench replaces the deffacts to
; label bigger drawings. A point is the number X * 100 + Y.
;   clips -f examples/rules/waltz.clp   then (reset) (run)
(deftemplate stage (slot value))
(deftemplate line (slot p1) (slot p2))
(deftemplate edge (slot p1) (slot p2) (slot joined) (slot label) (slot plotted))
(deftemplate junction (slot type) (slot base_point) (slot p1) (slot p2) (slot p3))

; Integer geometry, as junction3/8 in waltz.rules: cross and dot products seen from ?b.
(deffunction cross (?b ?p ?q)
   (- (* (- (div ?p 100) (div ?b 100)) (- (mod ?q 100) (mod ?b 100)))
      (* (- (mod ?p 100) (mod ?b 100)) (- (div ?q 100) (div ?b 100)))))
(deffunction dot (?b ?p ?q)
   (+ (* (- (div ?p 100) (div ?b 100)) (- (div ?q 100) (div ?b 100)))
      (* (- (mod ?p 100) (mod ?b 100)) (- (mod ?q 100) (mod ?b 100)))))
(deffunction opposite (?b ?p ?q)
   (and (= (cross ?b ?p ?q) 0) (< (dot ?b ?p ?q) 0)))
(deffunction inside (?b ?a ?m ?c)
   (bind ?ac (cross ?b ?a ?c))
   (and (<> ?ac 0) (> (* (cross ?b ?a ?m) ?ac) 0) (> (* (cross ?b ?m ?c) ?ac) 0)))
(deffunction add-junction (?type ?b ?p1 ?p2 ?p3)
   (assert (junction (type ?type) (base_point ?b) (p1 ?p1) (p2 ?p2) (p3 ?p3))))
(deffunction make-3-junction (?b ?x ?y ?z)
   (if (opposite ?b ?x ?y) then (add-junction tee ?b (min ?x ?y) ?z (max ?x ?y))
   else (if (opposite ?b ?x ?z) then (add-junction tee ?b (min ?x ?z) ?y (max ?x ?z))
   else (if (opposite ?b ?y ?z) then (add-junction tee ?b (min ?y ?z) ?x (max ?y ?z))
   else (if (inside ?b ?y ?x ?z) then (add-junction arrow ?b (min ?y ?z) ?x (max ?y ?z))
   else (if (inside ?b ?x ?y ?z) then (add-junction arrow ?b (min ?x ?z) ?y (max ?x ?z))
   else (if (inside ?b ?x ?z ?y) then (add-junction arrow ?b (min ?x ?y) ?z (max ?x ?y))
   else (add-junction fork ?b (min ?x ?y ?z) (- (+ ?x ?y ?z) (min ?x ?y ?z) (max ?x ?y ?z))
                      (max ?x ?y ?z)))))))))

(defrule reverse_edges
   (stage (value duplicate))
   ?f2 <- (line (p1 ?p1) (p2 ?p2))
   =>
   (printout t "Draw " ?p1 "-" ?p2 crlf)
   (assert (edge (p1 ?p1) (p2 ?p2) (joined false) (label nil) (plotted nil)))
   (assert (edge (p1 ?p2) (p2 ?p1) (joined false) (label nil) (plotted nil)))
   (retract ?f2))

(defrule done_reversing
   (declare (salience -10))
   ?f1 <- (stage (value duplicate))
   (not (line))
   =>
   (modify ?f1 (value detect_junctions))
   (printout t "reversing done" crlf))

(defrule make_3_junction
   (declare (salience 10))
   (stage (value detect_junctions))
   ?f2 <- (edge (p1 ?b) (p2 ?p1) (joined false))
   ?f3 <- (edge (p1 ?b) (p2 ?p2&~?p1) (joined false))
   ?f4 <- (edge (p1 ?b) (p2 ?p3&~?p1&~?p2) (joined false))
   =>
   (make-3-junction ?b ?p1 ?p2 ?p3)
   (modify ?f2 (joined true))
   (modify ?f3 (joined true))
   (modify ?f4 (joined true))
   (printout t "make 3 junction" crlf))

(defrule make_l
   (stage (value detect_junctions))
   ?f2 <- (edge (p1 ?b) (p2 ?p2) (joined false))
   ?f3 <- (edge (p1 ?b) (p2 ?p3&~?p2) (joined false))
   (not (edge (p1 ?b) (p2 ~?p2&~?p3)))
   =>
   (assert (junction (type l) (base_point ?b) (p1 ?p2) (p2 ?p3) (p3 nil)))
   (modify ?f2 (joined true))
   (modify ?f3 (joined true))
   (printout t "make L" crlf))

(defrule done_detecting
   (declare (salience -10))
   ?f1 <- (stage (value detect_junctions))
   =>
   (modify ?f1 (value find_initial_boundary))
   (printout t "detecting done" crlf))

(defrule initial_boundary_junction_l
   ?f1 <- (stage (value find_initial_boundary))
   (junction (type l) (base_point ?b) (p1 ?p1) (p2 ?p2))
   ?f3 <- (edge (p1 ?b) (p2 ?p1))
   ?f4 <- (edge (p1 ?b) (p2 ?p2))
   (not (junction (base_point ?x&:(> ?x ?b))))
   =>
   (modify ?f3 (label B))
   (modify ?f4 (label B))
   (modify ?f1 (value find_second_boundary))
   (printout t "initial boundary junction L" crlf))

(defrule initial_boundary_junction_arrow
   ?f1 <- (stage (value find_initial_boundary))
   (junction (type arrow) (base_point ?b) (p1 ?p1) (p2 ?p2) (p3 ?p3))
   ?f3 <- (edge (p1 ?b) (p2 ?p1))
   ?f4 <- (edge (p1 ?b) (p2 ?p2))
   ?f5 <- (edge (p1 ?b) (p2 ?p3))
   (not (junction (base_point ?x&:(> ?x ?b))))
   =>
   (modify ?f3 (label B))
   (modify ?f4 (label +))
   (modify ?f5 (label B))
   (modify ?f1 (value find_second_boundary))
   (printout t "initial boundary junction arrow" crlf))

(defrule second_boundary_junction_l
   ?f1 <- (stage (value find_second_boundary))
   (junction (type l) (base_point ?b) (p1 ?p1) (p2 ?p2))
   ?f3 <- (edge (p1 ?b) (p2 ?p1))
   ?f4 <- (edge (p1 ?b) (p2 ?p2))
   (not (junction (base_point ?x&:(< ?x ?b))))
   =>
   (modify ?f3 (label B))
   (modify ?f4 (label B))
   (modify ?f1 (value labeling))
   (printout t "second boundary junction L" crlf))

(defrule second_boundary_junction_arrow
   ?f1 <- (stage (value find_second_boundary))
   (junction (type arrow) (base_point ?b) (p1 ?p1) (p2 ?p2) (p3 ?p3))
   ?f3 <- (edge (p1 ?b) (p2 ?p1))
   ?f4 <- (edge (p1 ?b) (p2 ?p2))
   ?f5 <- (edge (p1 ?b) (p2 ?p3))
   (not (junction (base_point ?x&:(< ?x ?b))))
   =>
   (modify ?f3 (label B))
   (modify ?f4 (label +))
   (modify ?f5 (label B))
   (modify ?f1 (value labeling))
   (printout t "second boundary junction arrow" crlf))

(defrule match_edge
   (stage (value labeling))
   ?f2 <- (edge (p1 ?p1) (p2 ?p2) (label ?label&~nil))
   ?f3 <- (edge (p1 ?p2) (p2 ?p1) (label nil))
   =>
   (modify ?f2 (plotted t))
   (modify ?f3 (label ?label) (plotted t))
   (printout t "match edge - Plot: " ?label " " ?p1 " " ?p2 crlf))

(defrule label_l
   (stage (value labeling))
   (junction (type l) (base_point ?p1))
   (edge (p1 ?p1) (p2 ?p2) (label ?l&~nil&~B))
   ?f4 <- (edge (p1 ?p1) (p2 ?p3&~?p2) (label nil))
   =>
   (modify ?f4 (label B))
   (printout t "Label L" crlf))

(defrule label_tee_a
   (declare (salience 5))
   (stage (value labeling))
   (junction (type tee) (base_point ?b) (p1 ?p1) (p3 ?p3))
   ?f3 <- (edge (p1 ?b) (p2 ?p1) (label nil))
   ?f4 <- (edge (p1 ?b) (p2 ?p3))
   =>
   (modify ?f3 (label B))
   (modify ?f4 (label B))
   (printout t "Label tee A" crlf))

(defrule label_tee_b
   (stage (value labeling))
   (junction (type tee) (base_point ?b) (p1 ?p1) (p3 ?p3))
   ?f3 <- (edge (p1 ?b) (p2 ?p1))
   ?f4 <- (edge (p1 ?b) (p2 ?p3) (label nil))
   =>
   (modify ?f3 (label B))
   (modify ?f4 (label B))
   (printout t "Label tee B" crlf))

(defrule label_fork_1
   (stage (value labeling))
   (junction (type fork) (base_point ?b))
   (edge (p1 ?b) (p2 ?p1) (label +))
   ?f4 <- (edge (p1 ?b) (p2 ?p2&~?p1) (label nil))
   ?f5 <- (edge (p1 ?b) (p2 ?p3&~?p2&~?p1))
   =>
   (modify ?f4 (label +))
   (modify ?f5 (label +))
   (printout t "Label fork 1" crlf))

(defrule label_fork_2
   (stage (value labeling))
   (junction (type fork) (base_point ?b))
   (edge (p1 ?b) (p2 ?p1) (label B))
   (edge (p1 ?b) (p2 ?p2&~?p1) (label -))
   ?f5 <- (edge (p1 ?b) (p2 ?p3&~?p2&~?p1) (label nil))
   =>
   (modify ?f5 (label B))
   (printout t "Label fork 2" crlf))

(defrule label_fork_3
   (stage (value labeling))
   (junction (type fork) (base_point ?b))
   (edge (p1 ?b) (p2 ?p1) (label B))
   (edge (p1 ?b) (p2 ?p2&~?p1) (label B))
   ?f5 <- (edge (p1 ?b) (p2 ?p3&~?p2&~?p1) (label nil))
   =>
   (modify ?f5 (label -))
   (printout t "Label fork 3" crlf))

(defrule label_fork_4
   (stage (value labeling))
   (junction (type fork) (base_point ?b))
   (edge (p1 ?b) (p2 ?p1) (label -))
   (edge (p1 ?b) (p2 ?p2&~?p1) (label -))
   ?f5 <- (edge (p1 ?b) (p2 ?p3&~?p2&~?p1) (label nil))
   =>
   (modify ?f5 (label -))
   (printout t "Label fork 4" crlf))

(defrule label_arrow_1a
   (declare (salience 5))
   (stage (value labeling))
   (junction (type arrow) (base_point ?b) (p1 ?p1) (p2 ?p2) (p3 ?p3))
   (edge (p1 ?b) (p2 ?p1) (label ?l&~nil&~+))
   ?f4 <- (edge (p1 ?b) (p2 ?p2) (label nil))
   ?f5 <- (edge (p1 ?b) (p2 ?p3))
   =>
   (modify ?f4 (label +))
   (modify ?f5 (label ?l))
   (printout t "Label arrow 1A" crlf))

(defrule label_arrow_1b
   (stage (value labeling))
   (junction (type arrow) (base_point ?b) (p1 ?p1) (p2 ?p2) (p3 ?p3))
   (edge (p1 ?b) (p2 ?p1) (label ?l&~nil&~+))
   ?f4 <- (edge (p1 ?b) (p2 ?p2))
   ?f5 <- (edge (p1 ?b) (p2 ?p3) (label nil))
   =>
   (modify ?f4 (label +))
   (modify ?f5 (label ?l))
   (printout t "Label arrow 1B" crlf))

(defrule label_arrow_2a
   (declare (salience 5))
   (stage (value labeling))
   (junction (type arrow) (base_point ?b) (p1 ?p1) (p2 ?p2) (p3 ?p3))
   (edge (p1 ?b) (p2 ?p3) (label ?l&~nil&~+))
   ?f4 <- (edge (p1 ?b) (p2 ?p2) (label nil))
   ?f5 <- (edge (p1 ?b) (p2 ?p1))
   =>
   (modify ?f4 (label +))
   (modify ?f5 (label ?l))
   (printout t "Label arrow 2A" crlf))

(defrule label_arrow_2b
   (stage (value labeling))
   (junction (type arrow) (base_point ?b) (p1 ?p1) (p2 ?p2) (p3 ?p3))
   (edge (p1 ?b) (p2 ?p3) (label ?l&~nil&~+))
   ?f4 <- (edge (p1 ?b) (p2 ?p2))
   ?f5 <- (edge (p1 ?b) (p2 ?p1) (label nil))
   =>
   (modify ?f4 (label +))
   (modify ?f5 (label ?l))
   (printout t "Label arrow 2B" crlf))

(defrule label_arrow_3a
   (declare (salience 5))
   (stage (value labeling))
   (junction (type arrow) (base_point ?b) (p1 ?p1) (p2 ?p2) (p3 ?p3))
   (edge (p1 ?b) (p2 ?p1) (label +))
   ?f4 <- (edge (p1 ?b) (p2 ?p2) (label nil))
   ?f5 <- (edge (p1 ?b) (p2 ?p3))
   =>
   (modify ?f4 (label -))
   (modify ?f5 (label +))
   (printout t "Label arrow 3A" crlf))

(defrule label_arrow_3b
   (stage (value labeling))
   (junction (type arrow) (base_point ?b) (p1 ?p1) (p2 ?p2) (p3 ?p3))
   (edge (p1 ?b) (p2 ?p1) (label +))
   ?f4 <- (edge (p1 ?b) (p2 ?p2))
   ?f5 <- (edge (p1 ?b) (p2 ?p3) (label nil))
   =>
   (modify ?f4 (label -))
   (modify ?f5 (label +))
   (printout t "Label arrow 3B" crlf))

(defrule label_arrow_4a
   (declare (salience 5))
   (stage (value labeling))
   (junction (type arrow) (base_point ?b) (p1 ?p1) (p2 ?p2) (p3 ?p3))
   (edge (p1 ?b) (p2 ?p3) (label +))
   ?f4 <- (edge (p1 ?b) (p2 ?p2) (label nil))
   ?f5 <- (edge (p1 ?b) (p2 ?p1))
   =>
   (modify ?f4 (label -))
   (modify ?f5 (label +))
   (printout t "Label arrow 4A" crlf))

(defrule label_arrow_4b
   (stage (value labeling))
   (junction (type arrow) (base_point ?b) (p1 ?p1) (p2 ?p2) (p3 ?p3))
   (edge (p1 ?b) (p2 ?p3) (label +))
   ?f4 <- (edge (p1 ?b) (p2 ?p2))
   ?f5 <- (edge (p1 ?b) (p2 ?p1) (label nil))
   =>
   (modify ?f4 (label -))
   (modify ?f5 (label +))
   (printout t "Label arrow 4B" crlf))

(defrule label_arrow_5a
   (declare (salience 5))
   (stage (value labeling))
   (junction (type arrow) (base_point ?b) (p1 ?p1) (p2 ?p2) (p3 ?p3))
   (edge (p1 ?b) (p2 ?p2) (label -))
   ?f4 <- (edge (p1 ?b) (p2 ?p1))
   ?f5 <- (edge (p1 ?b) (p2 ?p3) (label nil))
   =>
   (modify ?f4 (label +))
   (modify ?f5 (label +))
   (printout t "Label arrow 5A" crlf))

(defrule label_arrow_5b
   (stage (value labeling))
   (junction (type arrow) (base_point ?b) (p1 ?p1) (p2 ?p2) (p3 ?p3))
   (edge (p1 ?b) (p2 ?p2) (label -))
   ?f4 <- (edge (p1 ?b) (p2 ?p1) (label nil))
   ?f5 <- (edge (p1 ?b) (p2 ?p3))
   =>
   (modify ?f4 (label +))
   (modify ?f5 (label +))
   (printout t "Label arrow 5B" crlf))

(defrule done_labeling
   (declare (salience -10))
   ?f1 <- (stage (value labeling))
   =>
   (modify ?f1 (value plot_remaining_edges))
   (printout t "done labeling" crlf))

(defrule plot_remaining
   (stage (value plot_remaining_edges))
   ?f2 <- (edge (plotted nil) (label ?l&~nil) (p1 ?p1) (p2 ?p2))
   =>
   (printout t "Plot " ?l " " ?p1 " " ?p2 crlf)
   (modify ?f2 (plotted t)))

(defrule plot_boundaries
   (stage (value plot_remaining_edges))
   ?f2 <- (edge (plotted nil) (label nil) (p1 ?p1) (p2 ?p2))
   =>
   (printout t "Plot B " ?p1 " " ?p2 crlf)
   (modify ?f2 (plotted t)))

(defrule done_plotting
   (declare (salience -10))
   ?f1 <- (stage (value plot_remaining_edges))
   =>
   (modify ?f1 (value done))
   (printout t "done plotting" crlf))

(deffacts waltz
   (line (p1 507) (p2 706))
   (line (p1 706) (p2 704))
   (line (p1 704) (p2 503))
   (line (p1 503) (p2 304))
   (line (p1 304) (p2 306))
   (line (p1 306) (p2 507))
   (line (p1 505) (p2 507))
   (line (p1 505) (p2 704))
   (line (p1 505) (p2 304))
   (line (p1 1107) (p2 1306))
   (line (p1 1306) (p2 1304))
   (line (p1 1304) (p2 1103))
   (line (p1 1103) (p2 904))
   (line (p1 904) (p2 906))
   (line (p1 906) (p2 1107))
   (line (p1 1105) (p2 1107))
   (line (p1 1105) (p2 1304))
   (line (p1 1105) (p2 904))
   (stage (value duplicate)))

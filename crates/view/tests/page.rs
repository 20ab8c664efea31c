//! The page model: rendering, the tree layout, long paths in chunks, and a snapshot of a
//! small page (the output is deterministic, so the snapshot holds it).

#![allow(clippy::unwrap_used)]

use resolu_view::{Frame, Mark, Page, Section, Step, Tree, TreeNode, draw};

fn small_page() -> Page {
    let frames = vec![
        Frame::new(
            draw::tiles(2, 2, &["1", "2", "", "3"], None),
            "start",
            "1 2 / _ 3",
        ),
        Frame::new(
            draw::tiles(2, 2, &["1", "2", "3", ""], Some(2)),
            "Move 1: 3",
            "1 2 / 3 _",
        ),
    ];
    let tree = Tree {
        nodes: vec![
            TreeNode {
                label: "root".into(),
                shown: 0,
                done: Some(1),
                ..TreeNode::default()
            },
            TreeNode {
                parent: Some(0),
                label: "a".into(),
                edge: "x".into(),
                shown: 1,
                done: Some(2),
                mark: Mark::Solution,
                ..TreeNode::default()
            },
            TreeNode {
                parent: Some(0),
                label: "b".into(),
                shown: 1,
                mark: Mark::Pruned,
                ..TreeNode::default()
            },
        ],
        reveal: Some(2),
    };
    Page::new("A <small> page")
        .intro("Two sections.")
        .section(Section::frames("Solution", frames).counters([("expanded", 1)]))
        .section(Section::tree(
            "Search",
            &tree,
            vec![
                Step::new("start"),
                Step::new("expand root").counters("frontier 2"),
                Step::new("done </script>"),
            ],
        ))
}

#[test]
fn a_small_page_renders_the_same_every_time() {
    let html = small_page().render();
    assert_eq!(html, small_page().render());
    insta::assert_snapshot!(html);
}

#[test]
fn text_is_escaped_and_a_caption_cannot_end_the_script_early() {
    let html = small_page().render();
    assert!(html.contains("<title>A &lt;small&gt; page</title>"));
    assert!(!html.contains("done </script>"));
    assert!(html.contains("done <\\/script>"));
    // Every section carries its steps as JSON and the shared controls.
    assert_eq!(html.matches("class=\"steps\"").count(), 2);
    assert_eq!(html.matches("<input class=\"slider\"").count(), 2);
    // The solution mark shows at step 2 only, as an overlay.
    assert!(html.contains("<rect class=\"ring\" data-s=\"2\""));
}

#[test]
fn frames_appear_at_their_step_and_leave_at_the_next() {
    let html = small_page().render();
    assert!(html.contains("<g class=\"frame\" data-s=\"0\" data-x=\"1\">"));
    assert!(html.contains("<g class=\"frame\" data-s=\"1\" data-x=\"2\">"));
}

#[test]
fn a_parent_sits_over_its_children_and_leaves_do_not_overlap() {
    // root -> (a -> (c, d), b)
    let node = |parent: Option<usize>| TreeNode {
        parent,
        ..TreeNode::default()
    };
    let tree = Tree {
        nodes: vec![
            node(None),
            node(Some(0)),
            node(Some(0)),
            node(Some(1)),
            node(Some(1)),
        ],
        reveal: None,
    };
    let pos = tree.layout();
    assert_eq!(pos[3], (0.0, 2));
    assert_eq!(pos[4], (1.0, 2));
    assert_eq!(pos[1], (0.5, 1));
    assert_eq!(pos[2], (2.0, 1));
    assert_eq!(pos[0], (1.25, 0));
}

#[test]
fn a_deep_chain_lays_out_without_recursion() {
    let nodes = (0..100_000usize)
        .map(|i| TreeNode {
            parent: i.checked_sub(1),
            ..TreeNode::default()
        })
        .collect();
    let pos = Tree {
        nodes,
        reveal: None,
    }
    .layout();
    assert_eq!(pos[99_999], (0.0, 99_999));
}

#[test]
fn a_long_path_is_drawn_in_at_most_a_thousand_chunks_of_moderate_size() {
    // A boustrophedon over 200 x 200 squares: 39,999 moves.
    let n = 200;
    let path: Vec<(usize, usize)> = (0..n)
        .flat_map(|r| (0..n).map(move |c| (r, if r % 2 == 0 { c } else { n - 1 - c })))
        .collect();
    let section = draw::path_section("walk", n, n, draw::Ground::Chess, &path, false);
    assert_eq!(section.steps.len(), 1 + 39_999usize.div_ceil(40));
    assert!(section.steps.len() <= draw::MAX_PATH_STEPS + 1);
    let longest = section
        .scene
        .body
        .split("<polyline")
        .skip(1)
        .map(str::len)
        .max()
        .unwrap();
    assert!(longest < 2_000, "each polyline stays small: {longest}");
    assert_eq!(section.scene.body.matches("<polyline").count(), 1000);
    assert!(section.notes[0].contains("39999 moves"));
    // The squares are one pattern, not 40,000 rectangles.
    assert!(section.scene.body.matches("<rect").count() < 10);
}

#[test]
fn a_short_path_has_one_step_per_move() {
    let path = [(0, 0), (1, 2), (2, 0)];
    let section = draw::path_section("tour", 3, 3, draw::Ground::Chess, &path, false);
    assert_eq!(section.steps.len(), 3);
    assert_eq!(section.steps[2].caption, "move 2: to (2, 0)");
}

#[test]
fn a_failure_is_drawn_from_the_step_it_happens() {
    let tree = Tree {
        nodes: vec![TreeNode {
            label: "g".into(),
            shown: 1,
            done: Some(3),
            mark: Mark::Failed,
            ..TreeNode::default()
        }],
        reveal: None,
    };
    let body = tree.svg().body;
    assert!(body.contains("<rect class=\"ring failed\" data-s=\"3\""));
    assert!(body.contains("<g class=\"node\" data-s=\"1\" data-d=\"3\">"));
}

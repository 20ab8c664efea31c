//! The Towers of Hanoi drawn large, as on the board in class: the pegs, the disks, the
//! disk just moved outlined with an arrow from the peg it left, each peg's disks listed
//! under it bottom first (as the text prints them), and a line under the picture (the
//! rule that fired, when the expert system moved).

use crate::{Labels, Svg, escape, number};
use resolu_puzzles::hanoi::HanoiMove;
use std::fmt::Write as _;

/// The widest picture, in pixels: a projector's width with room for the side panel.
const MAX_WIDTH: f64 = 900.0;

/// The pegs `stacks` (each bottom first, disks from 0 the smallest) of a puzzle of
/// `disks` disks; `moved`: the move that led here (its disk outlined, an arrow from the
/// peg it left); `under`: lines written under the picture.
pub fn hanoi_large(
    stacks: &[Vec<u8>],
    disks: usize,
    moved: Option<HanoiMove>,
    under: &[String],
    labels: &Labels,
) -> Svg {
    let disks = disks.max(1);
    let pegs = stacks.len().max(1);
    let peg_gap = (MAX_WIDTH / pegs as f64).clamp(120.0, 300.0);
    let max_w = peg_gap - 16.0;
    let disk_h = (360.0 / disks as f64).clamp(6.0, 34.0);
    // Room above the pegs for the arrow's arc.
    let top = 70.0;
    let base = top + 20.0 + disks as f64 * disk_h;
    let width = peg_gap * pegs as f64 + 20.0;
    let line_h = 22.0;
    let height = base + 60.0 + under.len() as f64 * line_h;
    let cx = |p: usize| 10.0 + peg_gap * (p as f64 + 0.5);
    let disk_w = |d: u8| 24.0 + (max_w - 24.0) * (f64::from(d) + 1.0) / disks as f64;
    let mut body = format!(
        "<rect x=\"6\" y=\"{}\" width=\"{}\" height=\"10\" rx=\"3\" fill=\"#78716c\"/>",
        number(base),
        number(width - 12.0)
    );
    for (p, stack) in stacks.iter().enumerate() {
        let x = cx(p);
        let listed: Vec<String> = stack.iter().map(|d| (d + 1).to_string()).collect();
        let _ = write!(
            body,
            "<rect x=\"{}\" y=\"{}\" width=\"8\" height=\"{}\" rx=\"3\" fill=\"#a8a29e\"/>\
<text class=\"peg-name\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" style=\"font-size:16px\">{} {p}  [{}]</text>",
            number(x - 4.0),
            number(top),
            number(base - top),
            number(x),
            number(base + 30.0),
            labels.say("peg", "pic"),
            listed.join(" ")
        );
        for (level, &d) in stack.iter().enumerate() {
            let w = disk_w(d);
            let is_moved = moved.is_some_and(|m| m.disk == d && usize::from(m.to) == p);
            let hue = (usize::from(d) * 360 / disks + 20) % 360;
            let outline = if is_moved {
                " style=\"stroke:#c2410c;stroke-width:5\""
            } else {
                " style=\"stroke:#44403c;stroke-width:1\""
            };
            let _ = write!(
                body,
                "<rect class=\"disk{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"5\" fill=\"hsl({hue},70%,60%)\"{outline}><title>{} {}</title></rect>",
                if is_moved { " moved" } else { "" },
                number(x - w / 2.0),
                number(base - (level as f64 + 1.0) * disk_h),
                number(w),
                number((disk_h - 2.0).max(3.0)),
                labels.say("disk", "palet"),
                d + 1
            );
            if disk_h >= 16.0 {
                let _ = write!(
                    body,
                    "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" dominant-baseline=\"central\" style=\"font-size:{}px;font-weight:700\">{}</text>",
                    number(x),
                    number(base - (level as f64 + 0.5) * disk_h - 1.0),
                    number((disk_h * 0.6).min(18.0)),
                    d + 1
                );
            }
        }
    }
    if let Some(m) = moved {
        body.push_str(&arrow(
            m,
            stacks,
            (cx(usize::from(m.from)), cx(usize::from(m.to))),
            (base, disk_h, top),
            disk_w(m.disk),
        ));
    }
    for (i, line) in under.iter().enumerate() {
        let _ = write!(
            body,
            "<text class=\"under\" x=\"10\" y=\"{}\" style=\"font-size:17px\">{}</text>",
            number(base + 58.0 + i as f64 * line_h),
            escape(line)
        );
    }
    Svg {
        width,
        height,
        body,
    }
}

/// The moved disk's ghost (dashed, where it stood) and an arrow over the pegs from there
/// to where it lies now.
fn arrow(
    m: HanoiMove,
    stacks: &[Vec<u8>],
    (from_x, to_x): (f64, f64),
    (base, disk_h, top): (f64, f64, f64),
    w: f64,
) -> String {
    let left_behind = stacks.get(usize::from(m.from)).map_or(0, Vec::len);
    let ghost_y = base - (left_behind as f64 + 1.0) * disk_h;
    let landed = stacks.get(usize::from(m.to)).map_or(1, Vec::len);
    let end_y = base - landed as f64 * disk_h - 6.0;
    let start_y = ghost_y - 2.0;
    let peak = top - 50.0;
    format!(
        "<rect class=\"ghost\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"5\" fill=\"none\" stroke=\"#c2410c\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\
<path class=\"move-arrow\" d=\"M {} {} C {} {} {} {} {} {}\" fill=\"none\" stroke=\"#c2410c\" stroke-width=\"3\"/>\
<polygon points=\"{},{} {},{} {},{}\" fill=\"#c2410c\"/>",
        number(from_x - w / 2.0),
        number(ghost_y),
        number(w),
        number((disk_h - 2.0).max(3.0)),
        number(from_x),
        number(start_y),
        number(from_x),
        number(peak),
        number(to_x),
        number(peak),
        number(to_x),
        number(end_y),
        number(to_x - 7.0),
        number(end_y - 12.0),
        number(to_x + 7.0),
        number(end_y - 12.0),
        number(to_x),
        number(end_y)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_moved_disk_is_outlined_and_an_arrow_leaves_its_old_peg() {
        let stacks = vec![vec![2, 1], vec![], vec![0]];
        let m = HanoiMove {
            disk: 0,
            from: 0,
            to: 2,
        };
        let svg = hanoi_large(
            &stacks,
            3,
            Some(m),
            &["r2 fired".to_string()],
            &Labels::english(),
        );
        assert_eq!(svg.body.matches("class=\"disk moved\"").count(), 1);
        assert!(svg.body.contains("class=\"move-arrow\""));
        assert!(svg.body.contains("peg 0  [3 2]"));
        assert!(svg.body.contains(">r2 fired</text>"));
        let none = hanoi_large(&stacks, 3, None, &[], &Labels::french());
        assert!(!none.body.contains("move-arrow") && none.body.contains("pic 2  [1]"));
    }
}

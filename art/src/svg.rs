//! The few SVG elements the drawings use, written straight into a string.

use std::fmt::Write;

/// One board drawn in its own coordinates: `body` holds the elements inside a
/// `0 0 width height` view box.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawing {
    pub width: f64,
    pub height: f64,
    pub body: String,
}

impl Drawing {
    /// A complete `<svg>` element that scales to whatever box the page gives it.
    pub fn to_svg(&self) -> String {
        let mut out = String::with_capacity(self.body.len() + 128);
        open(&mut out, self.width, self.height, None);
        out.push_str(&self.body);
        out.push_str("</svg>");
        out
    }
}

/// A number as SVG wants it: at most two decimals, no trailing zeros. Written from integers:
/// float formatting would add kilobytes to the app's wasm.
pub fn num(value: f64) -> String {
    // Hundredths, rounded half away from zero (`floor` is one wasm instruction, `round` is not).
    let hundredths = (value.abs() * 100.0 + 0.5).floor();
    let hundredths = if hundredths.is_finite() {
        hundredths as u64
    } else {
        0
    };
    let (whole, cents) = (hundredths / 100, hundredths % 100);
    let sign = if value < 0.0 && hundredths > 0 {
        "-"
    } else {
        ""
    };
    match cents {
        0 => format!("{sign}{whole}"),
        c if c % 10 == 0 => format!("{sign}{whole}.{}", c / 10),
        c => format!("{sign}{whole}.{c:02}"),
    }
}

/// `<svg …>` with a view box of `width` x `height`, and a fixed pixel size when given.
pub fn open(out: &mut String, width: f64, height: f64, pixels: Option<(u32, u32)>) {
    out.push_str("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ");
    let _ = write!(out, "{} {}\"", num(width), num(height));
    if let Some((w, h)) = pixels {
        let _ = write!(out, " width=\"{w}\" height=\"{h}\"");
    }
    out.push_str(" aria-hidden=\"true\" focusable=\"false\">");
}

/// An outline: its colour and width.
pub type Stroke<'a> = Option<(&'a str, f64)>;

fn stroke_attrs(out: &mut String, stroke: Stroke<'_>) {
    if let Some((colour, width)) = stroke {
        let _ = write!(out, " stroke=\"{colour}\" stroke-width=\"{}\"", num(width));
    }
}

#[allow(clippy::too_many_arguments)]
pub fn rect(
    out: &mut String,
    x: f64,
    y: f64,
    width: f64,
    height: f64,
    corner: f64,
    fill: &str,
    stroke: Stroke<'_>,
) {
    let _ = write!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"",
        num(x),
        num(y),
        num(width),
        num(height)
    );
    if corner > 0.0 {
        let _ = write!(out, " rx=\"{}\"", num(corner));
    }
    let _ = write!(out, " fill=\"{fill}\"");
    stroke_attrs(out, stroke);
    out.push_str("/>");
}

pub fn circle(out: &mut String, x: f64, y: f64, r: f64, fill: &str, stroke: Stroke<'_>) {
    classed_circle(out, None, x, y, r, fill, stroke);
}

#[allow(clippy::too_many_arguments)]
pub fn classed_circle(
    out: &mut String,
    class: Option<&str>,
    x: f64,
    y: f64,
    r: f64,
    fill: &str,
    stroke: Stroke<'_>,
) {
    out.push_str("<circle");
    if let Some(class) = class {
        let _ = write!(out, " class=\"{class}\"");
    }
    let _ = write!(
        out,
        " cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\"",
        num(x),
        num(y),
        num(r)
    );
    stroke_attrs(out, stroke);
    out.push_str("/>");
}

pub fn polygon(out: &mut String, points: &[(f64, f64)], fill: &str, stroke: Stroke<'_>) {
    out.push_str("<polygon points=\"");
    for (i, (x, y)) in points.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{},{}", num(*x), num(*y));
    }
    let _ = write!(out, "\" fill=\"{fill}\" stroke-linejoin=\"round\"");
    stroke_attrs(out, stroke);
    out.push_str("/>");
}

/// A round piece with some depth: a darker rim below, the face, and a soft highlight at the
/// upper left.
#[allow(clippy::too_many_arguments)]
pub fn piece(out: &mut String, class: &str, x: f64, y: f64, r: f64, face: &str, rim: &str) {
    circle(out, x, y + r * 0.12, r, rim, None);
    classed_circle(out, Some(class), x, y, r * 0.94, face, Some((rim, r * 0.1)));
    let _ = write!(
        out,
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#fff\" fill-opacity=\".3\"/>",
        num(x - r * 0.3),
        num(y - r * 0.32),
        num(r * 0.32)
    );
}

#[cfg(test)]
mod tests {
    use super::num;

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(-1.25), "-1.25");
        assert_eq!(num(12.999), "13");
        assert_eq!(num(0.05), "0.05");
        assert_eq!(num(10.1), "10.1");
        assert_eq!(num(f64::NAN), "0");
    }
}

//! Random damage to a text file, for the tests that check that a damaged
//! scenario or save file gets an error and never a panic: one edit, picked by
//! numbers (a property test draws them), that changes a number or a quoted
//! string to a likely troublemaker, removes, repeats or swaps lines, or cuts
//! the file short.

/// What an edit puts in place of a number.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "6",
    "13",
    "255",
    "256",
    "65536",
    "4294967296",
    "1.5",
    "\"7\"",
];

/// What an edit puts in place of a quoted string: empty, unknown, a letter
/// (objectives, sides), paths that leave the folder or name a file of
/// another kind, and values of other types.
const STRINGS: &[&str] = &[
    "\"\"",
    "\"x\"",
    "\"A\"",
    "\"B\"",
    "\"../narva.toml\"",
    "\"maps/narva.toml\"",
    "7",
    "[]",
];

/// One random edit of a text; the numbers pick the place and the value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    Number { at: usize, value: usize },
    Text { at: usize, value: usize },
    DeleteLine(usize),
    DuplicateLine(usize),
    SwapLines(usize, usize),
    Cut(usize),
}

impl Edit {
    /// The edit that `kind` (modulo 8) and two free numbers name: a number,
    /// a string, or one of the four other edits, in the ratio 2 : 2 : 1 each.
    pub fn from_numbers(kind: u8, a: usize, b: usize) -> Edit {
        match kind % 8 {
            0 | 1 => Edit::Number { at: a, value: b },
            2 | 3 => Edit::Text { at: a, value: b },
            4 => Edit::DeleteLine(a),
            5 => Edit::DuplicateLine(a),
            6 => Edit::SwapLines(a, b),
            _ => Edit::Cut(a),
        }
    }
}

/// Byte spans of the runs of digits (with a leading minus sign).
fn numbers(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let start = if i > 0 && b[i - 1] == b'-' { i - 1 } else { i };
            let mut end = i;
            while end < b.len() && b[end].is_ascii_digit() {
                end += 1;
            }
            spans.push((start, end));
            i = end;
        } else {
            i += 1;
        }
    }
    spans
}

/// Byte spans of the quoted strings, quotes included (the files have no
/// escaped quotes).
fn strings(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut open = None;
    for (i, c) in text.char_indices() {
        if c == '"' {
            match open.take() {
                None => open = Some(i),
                Some(start) => spans.push((start, i + 1)),
            }
        } else if c == '\n' {
            open = None;
        }
    }
    spans
}

fn replace_span(text: &str, spans: &[(usize, usize)], at: usize, by: &str) -> String {
    if spans.is_empty() {
        return text.to_string();
    }
    let (start, end) = spans[at % spans.len()];
    format!("{}{by}{}", &text[..start], &text[end..])
}

/// The text with the edit made.
pub fn apply(text: &str, edit: &Edit) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    let n = lines.len().max(1);
    match *edit {
        Edit::Number { at, value } => {
            replace_span(text, &numbers(text), at, NUMBERS[value % NUMBERS.len()])
        }
        Edit::Text { at, value } => {
            replace_span(text, &strings(text), at, STRINGS[value % STRINGS.len()])
        }
        Edit::DeleteLine(i) => {
            if !lines.is_empty() {
                lines.remove(i % n);
            }
            lines.join("\n")
        }
        Edit::DuplicateLine(i) => {
            if !lines.is_empty() {
                lines.insert(i % n, lines[i % n]);
            }
            lines.join("\n")
        }
        Edit::SwapLines(a, b) => {
            if !lines.is_empty() {
                lines.swap(a % n, b % n);
            }
            lines.join("\n")
        }
        Edit::Cut(i) => {
            let mut at = i % (text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            text[..at].to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "name = \"Annemõisa\"\nturns = 12\nx = -3\n";

    #[test]
    fn an_edit_changes_the_number_or_string_it_points_at() {
        let second = Edit::Number { at: 1, value: 9 };
        assert_eq!(apply(TEXT, &second), TEXT.replace("-3", "4294967296"));
        let name = Edit::Text { at: 0, value: 0 };
        assert_eq!(apply(TEXT, &name), TEXT.replace("\"Annemõisa\"", "\"\""));
    }

    #[test]
    fn line_edits_and_cuts() {
        assert_eq!(
            apply(TEXT, &Edit::DeleteLine(1)),
            "name = \"Annemõisa\"\nx = -3"
        );
        assert_eq!(
            apply(TEXT, &Edit::SwapLines(0, 2)).lines().next(),
            Some("x = -3")
        );
        assert_eq!(apply(TEXT, &Edit::DuplicateLine(4)).lines().count(), 4);
        // Cut inside the two bytes of "õ": the cut moves back to a whole character.
        let inside = TEXT.find('õ').unwrap() + 1;
        assert_eq!(apply(TEXT, &Edit::Cut(inside)), "name = \"Annem");
    }
}

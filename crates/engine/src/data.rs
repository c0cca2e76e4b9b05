//! Reading data files so that every problem is reported as
//! `file:line:column: problem`, never as a panic.
//!
//! Values that later checks may need to point at are read as
//! [`Spanned`]`<T>`; [`SourceFile::error_at`] turns their span into a line and
//! column.

use serde::de::DeserializeOwned;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

pub use toml::Spanned;

/// One problem in one data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    pub file: PathBuf,
    /// 1-based; 0 when the problem is the file as a whole.
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file.display(),
            self.line.max(1),
            self.column.max(1),
            self.message
        )
    }
}

/// All problems found in a scenario and the files it refers to.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct DataErrors(pub Vec<DataError>);

impl fmt::Display for DataErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for DataErrors {}

impl From<DataError> for DataErrors {
    fn from(e: DataError) -> Self {
        DataErrors(vec![e])
    }
}

/// A data file's text, kept to turn byte offsets into lines and columns.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub path: PathBuf,
    pub text: String,
}

impl SourceFile {
    pub fn read(path: &Path) -> Result<SourceFile, DataError> {
        match std::fs::read(path) {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) => Ok(SourceFile {
                    path: path.to_path_buf(),
                    text,
                }),
                Err(e) => {
                    let offset = e.utf8_error().valid_up_to();
                    let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
                    let file = SourceFile {
                        path: path.to_path_buf(),
                        text,
                    };
                    Err(file.error_at(offset..offset, "the file is not valid UTF-8 text"))
                }
            },
            Err(e) => Err(DataError {
                file: path.to_path_buf(),
                line: 0,
                column: 0,
                message: format!("cannot read the file: {e}"),
            }),
        }
    }

    pub fn from_text(path: impl Into<PathBuf>, text: impl Into<String>) -> SourceFile {
        SourceFile {
            path: path.into(),
            text: text.into(),
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_column(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..floor_char_boundary(&self.text, offset)];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
        let column = before[line_start..].chars().count() + 1;
        (line, column)
    }

    pub fn error_at(&self, span: Range<usize>, message: impl Into<String>) -> DataError {
        let (line, column) = self.line_column(span.start);
        DataError {
            file: self.path.clone(),
            line,
            column,
            message: message.into(),
        }
    }

    /// An error about the file as a whole (line 1, column 1).
    pub fn error(&self, message: impl Into<String>) -> DataError {
        self.error_at(0..0, message)
    }

    /// Parses the file as TOML into `T`; syntax and type errors carry the place.
    pub fn parse_toml<T: DeserializeOwned>(&self) -> Result<T, DataError> {
        toml::from_str(&self.text).map_err(|e| {
            let span = e.span().unwrap_or(0..0);
            self.error_at(span, e.message().trim_end().to_string())
        })
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Collects errors while checking a file, so that one run reports them all.
#[derive(Debug, Default)]
pub struct Problems(pub Vec<DataError>);

impl Problems {
    pub fn push(&mut self, e: DataError) {
        self.0.push(e);
    }
    pub fn at<T>(&mut self, file: &SourceFile, value: &Spanned<T>, message: impl Into<String>) {
        self.0.push(file.error_at(value.span(), message));
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn into_result<T>(self, value: T) -> Result<T, DataErrors> {
        if self.0.is_empty() {
            Ok(value)
        } else {
            Err(DataErrors(self.0))
        }
    }
}

/// Checks what every data file says of itself: `ruleset` and `kind`.
pub fn check_header(
    file: &SourceFile,
    ruleset: &Spanned<String>,
    kind: &Spanned<String>,
    expected_ruleset: &str,
    expected_kind: &str,
    p: &mut Problems,
) {
    if ruleset.get_ref() != expected_ruleset {
        p.at(
            file,
            ruleset,
            format!(
                "ruleset is \"{}\", expected \"{expected_ruleset}\"",
                ruleset.get_ref()
            ),
        );
    }
    if kind.get_ref() != expected_kind {
        p.at(
            file,
            kind,
            format!(
                "this file is used as {expected_kind} but says kind = \"{}\"",
                kind.get_ref()
            ),
        );
    }
}

/// Reads the file a data file names (`reference`, relative to the folder of
/// `from`, the file `file` read from): `None`, with the problem recorded at
/// the reference, if it leaves the folder or cannot be read. `what` says
/// what kind of file it should be ("tables", "map").
pub fn read_referenced(
    from: &Path,
    file: &SourceFile,
    reference: &Spanned<String>,
    what: &str,
    p: &mut Problems,
) -> Option<SourceFile> {
    match resolve_inside(from, reference.get_ref()) {
        Ok(path) => match SourceFile::read(&path) {
            Ok(f) => Some(f),
            Err(e) => {
                p.at(
                    file,
                    reference,
                    format!("{what} file \"{}\": {}", reference.get_ref(), e.message),
                );
                None
            }
        },
        Err(msg) => {
            p.at(file, reference, msg);
            None
        }
    }
}

/// Resolves `reference` relative to the folder of `from`, refusing paths that
/// leave that folder (a scenario may only use files inside its own folder).
pub fn resolve_inside(from: &Path, reference: &str) -> Result<PathBuf, String> {
    let base = from.parent().unwrap_or(Path::new("."));
    let rel = Path::new(reference);
    if rel.is_absolute() {
        return Err(format!(
            "\"{reference}\" is an absolute path; refer to files relative to this file's folder"
        ));
    }
    let mut depth: i32 = 0;
    for part in rel.components() {
        match part {
            std::path::Component::Normal(_) => depth += 1,
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                depth -= 1;
                if depth < 0 {
                    return Err(format!(
                        "\"{reference}\" points outside this file's folder; a scenario may only use files inside its own folder"
                    ));
                }
            }
            _ => {
                return Err(format!("\"{reference}\" is not a relative path"));
            }
        }
    }
    Ok(base.join(rel))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_of_an_offset() {
        let f = SourceFile::from_text("x.toml", "a = 1\nbé = 2\n");
        assert_eq!(f.line_column(0), (1, 1));
        assert_eq!(f.line_column(6), (2, 1));
        // 'é' is two bytes but one column.
        assert_eq!(f.line_column(9), (2, 3));
    }

    #[test]
    fn toml_syntax_error_names_the_place() {
        let f = SourceFile::from_text("bad.toml", "a = 1\nb = [1, 2\n");
        let e = f.parse_toml::<toml::Table>().unwrap_err();
        assert_eq!(e.file, PathBuf::from("bad.toml"));
        assert_eq!(e.line, 2, "{e}");
        assert!(e.to_string().starts_with("bad.toml:2:"), "{e}");
    }

    #[test]
    fn references_may_not_leave_the_folder() {
        let from = Path::new("scenarios/x/one.toml");
        assert!(resolve_inside(from, "maps/a.toml").is_ok());
        assert!(resolve_inside(from, "maps/../b.toml").is_ok());
        assert!(resolve_inside(from, "../y/secret.toml").is_err());
        assert!(resolve_inside(from, "/etc/passwd").is_err());
    }
}

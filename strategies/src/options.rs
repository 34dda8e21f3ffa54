//! Strategy options: each strategy declares its knobs in one table ([`OptionInfo`]: name,
//! default, range, one line of help), and a strategy is chosen as a name plus options, written
//! like a RON struct: `fast(hidden: false, gac_from: 1)`, `random-stack(seed: 7)`.
//!
//! The table is the one source of truth (CaDiCaL's `options.hpp` is the model): `coverlab
//! strategies` lists it, parsing checks against it (an unknown option or a bad value is an error
//! naming the strategy's options), and [`Options::label`] writes the full set back, which is
//! what a trace's `start` line, a bench row and a run summary record.

use std::fmt;

/// One option of a strategy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionInfo {
    /// The option's name, snake_case.
    pub name: &'static str,
    /// One line: what it does.
    pub help: &'static str,
    /// Its default value.
    pub default: Value,
    /// For a number, the smallest and largest values allowed.
    pub range: (u64, u64),
}

impl OptionInfo {
    /// A yes/no option.
    pub const fn flag(name: &'static str, default: bool, help: &'static str) -> OptionInfo {
        OptionInfo { name, help, default: Value::Bool(default), range: (0, 1) }
    }

    /// A whole-number option within `min..=max`.
    pub const fn number(name: &'static str, default: u64, min: u64, max: u64, help: &'static str) -> OptionInfo {
        OptionInfo { name, help, default: Value::Number(default), range: (min, max) }
    }
}

/// An option's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// `true` or `false`.
    Bool(bool),
    /// A whole number.
    Number(u64),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Bool(b) => write!(f, "{b}"),
            Value::Number(n) => write!(f, "{n}"),
        }
    }
}

/// A strategy's options, every one of them set (to its default when not given).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    table: &'static [OptionInfo],
    values: Vec<Value>,
}

impl Options {
    /// Every option of `table` at its default.
    pub fn defaults(table: &'static [OptionInfo]) -> Options {
        Options { table, values: table.iter().map(|o| o.default).collect() }
    }

    /// Sets options from `text`, the inside of `name(…)`: `key: value` pairs separated by
    /// commas (a trailing comma is fine). `strategy` names the strategy in errors, which list
    /// its options.
    pub fn apply(&mut self, text: &str, strategy: &str) -> Result<(), String> {
        let known = || {
            if self.table.is_empty() {
                format!("{strategy} has no options")
            } else {
                let names: Vec<String> = self.table.iter().map(|o| format!("{}: {}", o.name, o.default)).collect();
                format!("{strategy}'s options are {}", names.join(", "))
            }
        };
        for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let Some((key, value)) = pair.split_once(':') else {
                return Err(format!("{pair:?} is not an option setting (expected name: value); {}", known()));
            };
            let (key, value) = (key.trim(), value.trim());
            let Some(i) = self.table.iter().position(|o| o.name == key) else {
                return Err(format!("{strategy} has no option {key:?}; {}", known()));
            };
            let info = self.table[i];
            self.values[i] = match info.default {
                Value::Bool(_) => match value {
                    "true" => Value::Bool(true),
                    "false" => Value::Bool(false),
                    _ => return Err(format!("{strategy}'s option {key} is true or false, not {value:?}")),
                },
                Value::Number(_) => {
                    let (min, max) = info.range;
                    match value.parse::<u64>() {
                        Ok(n) if (min..=max).contains(&n) => Value::Number(n),
                        _ => {
                            return Err(format!(
                                "{strategy}'s option {key} is a whole number from {min} to {max}, not {value:?}"
                            ));
                        }
                    }
                }
            };
        }
        Ok(())
    }

    /// The value of the yes/no option `name`.
    ///
    /// # Panics
    /// When the table has no such flag: a bug in the strategy, not a user error.
    pub fn flag(&self, name: &str) -> bool {
        match self.get(name) {
            Value::Bool(b) => b,
            Value::Number(_) => panic!("option {name} is a number"),
        }
    }

    /// The value of the number option `name` (panics like [`Options::flag`]).
    pub fn number(&self, name: &str) -> u64 {
        match self.get(name) {
            Value::Number(n) => n,
            Value::Bool(_) => panic!("option {name} is a flag"),
        }
    }

    fn get(&self, name: &str) -> Value {
        let i = self.table.iter().position(|o| o.name == name).unwrap_or_else(|| panic!("no option {name}"));
        self.values[i]
    }

    /// `name(key: value, …)` with every option, in the table's order; the bare `name` when the
    /// strategy has none.
    pub fn label(&self, name: &str) -> String {
        if self.table.is_empty() {
            return name.to_string();
        }
        let pairs: Vec<String> = self.table.iter().zip(&self.values).map(|(o, v)| format!("{}: {v}", o.name)).collect();
        format!("{name}({})", pairs.join(", "))
    }

    /// The options that differ from their defaults, as `key: value` pairs.
    pub fn changed(&self) -> Vec<String> {
        self.changed_from(&Options::defaults(self.table))
    }

    /// The options that differ from `base`'s values (options of the same table), as
    /// `key: value` pairs in the table's order.
    pub fn changed_from(&self, base: &Options) -> Vec<String> {
        self.table
            .iter()
            .zip(&self.values)
            .zip(&base.values)
            .filter(|((_, v), b)| v != b)
            .map(|((o, v), _)| format!("{}: {v}", o.name))
            .collect()
    }
}

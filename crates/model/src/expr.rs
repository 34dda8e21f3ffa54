//! The expressions of user-defined pair rules: `abs(a - b) >= 5`, `a + b == 10 || a == 2 * b`.
//!
//! A [`PairExpr`] is a condition on two values, `a` (the first cell of a pair) and `b` (the
//! second), with `n` the grid size. It is compiled once into the model's table of allowed value
//! pairs, so it costs nothing while solving; the validator evaluates it again on a solution.
//!
//! Grammar (integers, with the usual precedence, lowest first):
//!
//! ```text
//! expr := and ("||" and)*          and := not ("&&" not)*        not := "!" not | cmp
//! cmp  := sum (("==" | "!=" | "<" | "<=" | ">" | ">=") sum)?
//! sum  := prod (("+" | "-") prod)*  prod := unary (("*" | "/" | "%") unary)*
//! unary := "-" unary | atom
//! atom := integer | "a" | "b" | "n" | "(" expr ")" | ("abs" | "min" | "max") "(" expr ("," expr)? ")"
//! ```
//!
//! A comparison is 1 when it holds and 0 otherwise; `!`, `&&` and `||` treat any non-zero value
//! as true; the whole expression allows a pair when its value is not zero. Arithmetic that
//! overflows or divides by zero allows nothing for that pair.

use std::fmt;

/// Longest expression read, in bytes.
pub const MAX_LEN: usize = 1_000;
/// Deepest nesting of parentheses and operators read.
const MAX_DEPTH: usize = 64;

/// A parsed pair condition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairExpr {
    root: Node,
}

/// Why an expression could not be read: what, and where (a byte offset into it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExprError {
    /// The byte offset where the problem is.
    pub at: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at character {}", self.message, self.at + 1)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Node {
    Int(i64),
    A,
    B,
    N,
    Neg(Box<Node>),
    Not(Box<Node>),
    Bin(Op, Box<Node>, Box<Node>),
    Call(Func, Vec<Node>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Func {
    Abs,
    Min,
    Max,
}

impl PairExpr {
    /// Reads an expression.
    pub fn parse(text: &str) -> Result<PairExpr, ExprError> {
        if text.len() > MAX_LEN {
            return Err(ExprError {
                at: MAX_LEN,
                message: format!("the expression is longer than {MAX_LEN} characters"),
            });
        }
        let mut p = Parser { text: text.as_bytes(), at: 0, depth: 0 };
        let root = p.or()?;
        p.blank();
        if p.at < p.text.len() {
            return Err(p.error(format!("unexpected {:?}", p.rest_char())));
        }
        Ok(PairExpr { root })
    }

    /// Whether the pair (a, b) is allowed on an n×n grid.
    pub fn allows(&self, a: u32, b: u32, n: usize) -> bool {
        eval(&self.root, i64::from(a), i64::from(b), n as i64).is_some_and(|v| v != 0)
    }
}

fn eval(node: &Node, a: i64, b: i64, n: i64) -> Option<i64> {
    let e = |x: &Node| eval(x, a, b, n);
    Some(match node {
        Node::Int(v) => *v,
        Node::A => a,
        Node::B => b,
        Node::N => n,
        Node::Neg(x) => e(x)?.checked_neg()?,
        Node::Not(x) => i64::from(e(x)? == 0),
        Node::Bin(Op::Or, x, y) => i64::from(e(x)? != 0 || e(y)? != 0),
        Node::Bin(Op::And, x, y) => i64::from(e(x)? != 0 && e(y)? != 0),
        Node::Bin(op, x, y) => {
            let (x, y) = (e(x)?, e(y)?);
            match op {
                Op::Eq => i64::from(x == y),
                Op::Ne => i64::from(x != y),
                Op::Lt => i64::from(x < y),
                Op::Le => i64::from(x <= y),
                Op::Gt => i64::from(x > y),
                Op::Ge => i64::from(x >= y),
                Op::Add => x.checked_add(y)?,
                Op::Sub => x.checked_sub(y)?,
                Op::Mul => x.checked_mul(y)?,
                Op::Div => x.checked_div(y)?,
                Op::Rem => x.checked_rem(y)?,
                Op::Or | Op::And => unreachable!("matched above"),
            }
        }
        Node::Call(Func::Abs, args) => e(&args[0])?.checked_abs()?,
        Node::Call(Func::Min, args) => e(&args[0])?.min(e(&args[1])?),
        Node::Call(Func::Max, args) => e(&args[0])?.max(e(&args[1])?),
    })
}

struct Parser<'t> {
    text: &'t [u8],
    at: usize,
    depth: usize,
}

impl Parser<'_> {
    fn error(&self, message: String) -> ExprError {
        ExprError { at: self.at, message }
    }

    fn rest_char(&self) -> char {
        std::str::from_utf8(&self.text[self.at..]).ok().and_then(|s| s.chars().next()).unwrap_or('?')
    }

    fn blank(&mut self) {
        while self.text.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    /// Takes `token` if it comes next (after blanks).
    fn eat(&mut self, token: &str) -> bool {
        self.blank();
        if self.text[self.at..].starts_with(token.as_bytes()) {
            self.at += token.len();
            true
        } else {
            false
        }
    }

    fn enter(&mut self) -> Result<(), ExprError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error(format!("the expression nests deeper than {MAX_DEPTH}")));
        }
        Ok(())
    }

    fn or(&mut self) -> Result<Node, ExprError> {
        self.enter()?;
        let mut left = self.and()?;
        while self.eat("||") {
            left = Node::Bin(Op::Or, Box::new(left), Box::new(self.and()?));
        }
        self.depth -= 1;
        Ok(left)
    }

    fn and(&mut self) -> Result<Node, ExprError> {
        let mut left = self.not()?;
        while self.eat("&&") {
            left = Node::Bin(Op::And, Box::new(left), Box::new(self.not()?));
        }
        Ok(left)
    }

    fn not(&mut self) -> Result<Node, ExprError> {
        self.blank();
        if self.text.get(self.at) == Some(&b'!') && self.text.get(self.at + 1) != Some(&b'=') {
            self.at += 1;
            self.enter()?;
            let inner = self.not()?;
            self.depth -= 1;
            return Ok(Node::Not(Box::new(inner)));
        }
        self.cmp()
    }

    fn cmp(&mut self) -> Result<Node, ExprError> {
        let left = self.sum()?;
        // Two-character operators first.
        for (token, op) in
            [("==", Op::Eq), ("!=", Op::Ne), ("<=", Op::Le), (">=", Op::Ge), ("<", Op::Lt), (">", Op::Gt)]
        {
            if self.eat(token) {
                return Ok(Node::Bin(op, Box::new(left), Box::new(self.sum()?)));
            }
        }
        Ok(left)
    }

    fn sum(&mut self) -> Result<Node, ExprError> {
        let mut left = self.prod()?;
        loop {
            let op = if self.eat("+") {
                Op::Add
            } else if self.eat("-") {
                Op::Sub
            } else {
                return Ok(left);
            };
            left = Node::Bin(op, Box::new(left), Box::new(self.prod()?));
        }
    }

    fn prod(&mut self) -> Result<Node, ExprError> {
        let mut left = self.unary()?;
        loop {
            let op = if self.eat("*") {
                Op::Mul
            } else if self.eat("/") {
                Op::Div
            } else if self.eat("%") {
                Op::Rem
            } else {
                return Ok(left);
            };
            left = Node::Bin(op, Box::new(left), Box::new(self.unary()?));
        }
    }

    fn unary(&mut self) -> Result<Node, ExprError> {
        if self.eat("-") {
            self.enter()?;
            let inner = self.unary()?;
            self.depth -= 1;
            return Ok(Node::Neg(Box::new(inner)));
        }
        self.atom()
    }

    fn atom(&mut self) -> Result<Node, ExprError> {
        self.blank();
        let start = self.at;
        let Some(&c) = self.text.get(self.at) else {
            return Err(self.error("the expression ends where a value is expected".into()));
        };
        if c.is_ascii_digit() {
            while self.text.get(self.at).is_some_and(u8::is_ascii_digit) {
                self.at += 1;
            }
            let digits = std::str::from_utf8(&self.text[start..self.at]).expect("ASCII digits");
            return digits
                .parse()
                .map(Node::Int)
                .map_err(|_| ExprError { at: start, message: format!("{digits} is too large") });
        }
        if c == b'(' {
            self.at += 1;
            let inner = self.or()?;
            if !self.eat(")") {
                return Err(self.error("a ')' is missing".into()));
            }
            return Ok(inner);
        }
        if c.is_ascii_alphabetic() {
            while self.text.get(self.at).is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_') {
                self.at += 1;
            }
            let word = std::str::from_utf8(&self.text[start..self.at]).expect("ASCII letters");
            let func = match word {
                "a" => return Ok(Node::A),
                "b" => return Ok(Node::B),
                "n" => return Ok(Node::N),
                "abs" => Func::Abs,
                "min" => Func::Min,
                "max" => Func::Max,
                _ => {
                    return Err(ExprError {
                        at: start,
                        message: format!("unknown name {word:?} (known: a, b, n, abs, min, max)"),
                    });
                }
            };
            if !self.eat("(") {
                return Err(self.error(format!("{word} takes its arguments in parentheses")));
            }
            let mut args = vec![self.or()?];
            while self.eat(",") {
                args.push(self.or()?);
            }
            if !self.eat(")") {
                return Err(self.error("a ')' is missing".into()));
            }
            let want = if func == Func::Abs { 1 } else { 2 };
            if args.len() != want {
                return Err(ExprError { at: start, message: format!("{word} takes {want}, not {}", args.len()) });
            }
            return Ok(Node::Call(func, args));
        }
        Err(self.error(format!("unexpected {:?}", self.rest_char())))
    }
}

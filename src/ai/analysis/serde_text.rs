//! Serde of the analysis's moves, sides and stages in their text forms.

/// Serde through a type's text form (`Display` and `FromStr`): moves and sides.
pub(super) mod text {
    use std::fmt::Display;
    use std::str::FromStr;

    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    pub fn serialize<T: Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(value)
    }

    pub fn deserialize<'de, T, D>(d: D) -> Result<T, D::Error>
    where
        T: FromStr,
        T::Err: Display,
        D: Deserializer<'de>,
    {
        String::deserialize(d)?.parse().map_err(D::Error::custom)
    }
}

/// Serde of a stage as `namua` or `mtaji`.
pub(super) mod phase_text {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    use crate::rules::Phase;

    pub fn serialize<S: Serializer>(phase: &Phase, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match phase {
            Phase::Namua => "namua",
            Phase::Mtaji => "mtaji",
        })
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Phase, D::Error> {
        match String::deserialize(d)?.as_str() {
            "namua" => Ok(Phase::Namua),
            "mtaji" => Ok(Phase::Mtaji),
            other => Err(D::Error::custom(format!("`{other}` is not a stage"))),
        }
    }
}

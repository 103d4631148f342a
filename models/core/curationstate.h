#pragma once
// The curation state of a generated item (SQL template, text template, text query, exam
// item). Stored as its name ("accepted", "review", "rejected"); code compares the enum.
#include <QString>

#include <optional>

namespace assay {

enum class CurationState { Accepted, Review, Rejected };

inline QString curationStateName(CurationState state)
{
    switch (state) {
    case CurationState::Accepted: return QStringLiteral("accepted");
    case CurationState::Review: return QStringLiteral("review");
    case CurationState::Rejected: return QStringLiteral("rejected");
    }
    return {};
}

// None for a name that is not a state (a stored value is checked on reading).
inline std::optional<CurationState> parseCurationState(const QString &name)
{
    for (CurationState s : {CurationState::Accepted, CurationState::Review, CurationState::Rejected})
        if (name == curationStateName(s))
            return s;
    return std::nullopt;
}

} // namespace assay

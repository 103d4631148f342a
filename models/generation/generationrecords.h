#pragma once
#include "core/curationstate.h"

#include <QString>

namespace assay {

// Rows of the generation tables as the store reads them.
struct SqlTemplateRecord {
    qint64 id = 0;
    QString sql;
    QString source; // rules, llm, import, user
    CurationState state = CurationState::Accepted;
    QString reason;
    QString tables;
    qint64 fillIns = -1;      // answered fill-ins; -1 until measured
    double singularRate = -1; // -1 until measured or when nothing answered
};

struct TextTemplateRecord {
    qint64 id = 0;
    qint64 sqlTemplateId = 0;
    QString form;
    QString text;
    QString source; // offline, llm, import, user
    CurationState state = CurationState::Accepted;
    QString reason;
};

} // namespace assay

#pragma once
// Stores text templates for SQL templates: each is checked to keep exactly its SQL
// template's placeholders (rejected with the reason otherwise). The offline path writes
// them with OfflineVerbalizer for every accepted SQL template.
#include "core/result.h"

#include <QStringList>

namespace assay {

class Project;

class TextTemplateIntake {
public:
    struct Report {
        int accepted = 0;
        int rejected = 0;
    };

    explicit TextTemplateIntake(Project &project);
    Result<Report> add(qint64 sqlTemplateId, const QString &form, const QStringList &texts, const QString &source);
    // perTemplate text templates of each form for every accepted SQL template.
    Result<Report> generateOffline(const QStringList &forms, int perTemplate);

private:
    Project &m_project;
};

} // namespace assay

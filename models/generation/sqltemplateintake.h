#pragma once
// Brings SQL templates from any source into a project: validates each, fills it in against
// the knowledge base, measures its singular-answer rate and stores it with its semantic
// groups. Invalid → rejected with the reason; below the threshold or never answered → kept
// for review (flagged, not dropped); otherwise accepted.
#include "core/curationstate.h"
#include "core/result.h"

#include <QStringList>

namespace assay {

class Project;
class Job;

class SqlTemplateIntake {
public:
    static constexpr double defaultThreshold = 0.95;

    struct Report {
        int accepted = 0;
        int review = 0;
        int rejected = 0;
        qint64 groups = 0;
        int total() const { return accepted + review + rejected; }
    };

    explicit SqlTemplateIntake(Project &project, double threshold = defaultThreshold);
    Result<Report> add(const QStringList &sqls, const QString &source, Job *job = nullptr);
    // Validates and measures a stored template again (after its SQL changed); returns its new state.
    Result<CurationState> remeasure(qint64 sqlTemplateId);

private:
    Project &m_project;
    double m_threshold;
};

} // namespace assay

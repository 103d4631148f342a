#pragma once
// Curation of generated items: accept / reject SQL templates, text templates and queries,
// and edit templates. Each mutator commits at once and emits changed(); undo commands call
// these, views never do. Changing which templates are accepted re-derives the queries in
// the mode of the last rebuild (balanced or not).
#include "core/curationstate.h"
#include "core/result.h"

#include <QHash>
#include <QMap>
#include <QObject>
#include <QVector>

#include <memory>

namespace assay {

class Project;

class GenerationCuration : public QObject {
    Q_OBJECT
public:
    enum class Scope { SqlTemplates, TextTemplates, Queries };

    explicit GenerationCuration(Project &project, QObject *parent = nullptr);
    // The project's one instance (Project::service<GenerationCuration>()).
    static std::unique_ptr<GenerationCuration> createFor(Project &project);

    // Sets the curation state (accepted / review / rejected; queries: accepted / rejected)
    // and returns the previous state of each item, for undo.
    Result<QHash<qint64, CurationState>> setStates(Scope scope, const QVector<qint64> &ids, CurationState state);
    Status restoreStates(Scope scope, const QHash<qint64, CurationState> &states);
    // An edit keeps the template's placeholders, so its text templates stay valid.
    Status editSqlTemplate(qint64 id, const QString &sql);
    Status editTextTemplate(qint64 id, const QString &text);
    QString sqlOf(qint64 sqlTemplateId) const;
    // A query set's task level (KS, KU, KA, the user's own; empty: from its templates).
    Status setFormLevel(const QString &form, const QString &level);
    Result<QMap<QString, QString>> formLevels() const;
    QString textOf(qint64 textTemplateId) const;

signals:
    void changed(assay::GenerationCuration::Scope scope);
    void formLevelChanged(const QString &form);

private:
    Status rederive();
    Project &m_project;
};

} // namespace assay

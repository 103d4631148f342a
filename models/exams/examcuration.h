#pragma once
// Curation of exam items: accept / reject, and edits of stem, options and key. Each mutator
// commits at once and emits changed(); undo commands call these, views never do.
#include "core/result.h"
#include "exams/examitem.h"
#include "irt/irttwodimensional.h"

#include <QHash>
#include <QObject>
#include <QVector>

#include <memory>

#include <nlohmann/json.hpp>

namespace assay {

class Database;
class Project;

class ExamCuration : public QObject {
    Q_OBJECT
public:
    explicit ExamCuration(Database &db, QObject *parent = nullptr);
    // The project's one instance (Project::service<ExamCuration>()).
    static std::unique_ptr<ExamCuration> createFor(Project &project);
    // Returns each item's previous state, for undo.
    Result<QHash<qint64, CurationState>> setStates(const QVector<qint64> &ids, CurationState state);
    Status restoreStates(const QHash<qint64, CurationState> &states);
    // Returns the item as it was, for undo.
    Result<ExamItem> edit(qint64 id, const QString &stem, const QStringList &options, int answer);
    // An exam's fitted parameters (by item key) and the settings of their fit (null: unknown).
    struct IrtState {
        QVector<ExamItem> parameters;
        nlohmann::json settings;
        QVector<IrtTwoDimItem> twoDim; // the 2-D model's, when the fit compared two abilities
    };
    // Stores fitted IRT parameters and their fit's settings; returns every item's parameters
    // as they were (unset ones too) with the settings, for undo.
    Result<IrtState> setIrt(qint64 examId, const IrtState &state);

signals:
    void changed();

private:
    Database &m_db;
};

} // namespace assay

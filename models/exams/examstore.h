#pragma once
// Exams in the project file: creating one stores its items (kept and filtered) and its
// generation counts in one transaction; takers' answers are stored per exam run (a student),
// replacing an earlier take by the same taker.
#include "core/result.h"
#include "exams/examitem.h"
#include "irt/irttwodimensional.h"

#include <QHash>
#include <QVariant>
#include <QVector>

#include <nlohmann/json_fwd.hpp>

#include <memory>

namespace assay {

class Database;
class Project;

struct ExamAnswer {
    qint64 itemId = 0;
    int chosen = -1; // -1: unanswered (a missing cell of the response matrix, not a wrong answer)
    bool correct = false;
    QVector<double> scores;
    double latencyMs = 0;
    QString reason;               // unanswered: why, with what the student replied
    bool withoutLogprobs = false; // llm-letter: the server returned no logprobs for it
};

struct ExamRunInfo {
    qint64 id = 0;
    QString taker;
    QString factorsJson;
};

// What an exam's takes hold, counted without reading them.
struct ExamTakeCounts {
    qint64 students = 0; // takes
    qint64 items = 0;    // kept, accepted items
    qint64 answered = 0; // cells of those items with an option chosen
};

// How far the project's exams have come: created, taken by a student, given IRT parameters.
// Short forms are counted apart: their items are copies of their parent's, with its parameters.
struct ExamProgress {
    qint64 exams = 0;      // whole exams, short forms not counted
    qint64 taken = 0;      // whole exams with at least one take
    qint64 fitted = 0;     // whole exams whose items carry IRT parameters
    qint64 takes = 0;      // students over all exams and short forms
    qint64 shortForms = 0;
};

// What makes an exam a short form of another (docs/METHODS.md §9.15); parentId 0: it is not.
struct ExamShortFormInfo {
    qint64 parentId = 0;
    QString parent;
    QString method; // random, information or anchors
    quint64 seed = 0;
};

class ExamStore {
public:
    explicit ExamStore(Database &db);
    // The store on the project's own connection, shared by the GUI (Project::service).
    static std::unique_ptr<ExamStore> createFor(Project &project);
    Result<qint64> create(const QString &name, const QString &source, quint64 seed, const QVector<ExamItem> &items, const nlohmann::json &stats);
    Result<qint64> idOf(const QString &name) const;
    // Kept, accepted items (what takers answer) or every item.
    Result<QVector<ExamItem>> items(qint64 examId, bool keptOnly = true) const;
    Result<nlohmann::json> stats(qint64 examId) const;
    Status saveRun(qint64 examId, const QString &taker, const nlohmann::json &factors, const QVector<ExamAnswer> &answers);
    Result<QVector<ExamRunInfo>> runs(qint64 examId) const;
    // run id → (item id → option chosen 0..3) for the answered items; unanswered ones are
    // absent. Right or wrong is the choice against the item's key (as corrected since).
    Result<QHash<qint64, QHash<qint64, int>>> choices(qint64 examId) const;
    // One take's answers in the order given (item id, option chosen or −1); empty when the take
    // was stored before answers had an order, or no such take exists.
    Result<QVector<QPair<qint64, int>>> answerOrder(qint64 examId, const QString &taker) const;
    Result<ExamTakeCounts> takeCounts(qint64 examId) const;
    Status setState(qint64 itemId, CurationState state);
    Status updateContent(qint64 itemId, const QString &stem, const QStringList &options, int answer);
    Result<ExamItem> item(qint64 itemId) const;
    // Writes each item's IRT parameters by item key (NULL where unset) and, in the exam's
    // stats, the settings of the fit they came from (ExamIrt::settings; null: unknown), in one
    // transaction.
    // twoDim: the 2-D model's parameters by item key (IrtTwoDimItem::id), from a fit that
    // compared two abilities; empty removes the exam's earlier ones (docs/METHODS.md §9.18).
    Status setIrt(qint64 examId, const QVector<ExamItem> &items, const nlohmann::json &settings, const QVector<IrtTwoDimItem> &twoDim = {});
    // The 2-D parameters of the exam's accepted, kept items (or of all, for undo; id = item
    // key), in item order; empty when the last fit did not compare two abilities.
    Result<QVector<IrtTwoDimItem>> irtTwoDim(qint64 examId, bool acceptedOnly = true) const;
    // Those settings; null when unknown (never fitted, or fitted before they were kept).
    Result<nlohmann::json> irtSettings(qint64 examId) const;
    Result<QStringList> exams() const;
    // A new exam `name` of the parent's items (id, weight), with their IRT parameters, linked
    // to the parent with the method and seed that chose them; one transaction.
    Result<qint64> createShortForm(qint64 parentId, const QString &name, const QString &method, quint64 seed, const QVector<QPair<qint64, double>> &items);
    Result<ExamShortFormInfo> shortForm(qint64 examId) const;
    // Every exam in order with what it is a short form of (parentId 0: a whole exam), in one
    // query: a list of exams reads no exam twice.
    Result<QVector<QPair<QString, ExamShortFormInfo>>> examsWithParents() const;
    // The last validation of the exam's short forms (IrtValidationReport::toJson), kept in
    // its stats; null when never run.
    Status setValidation(qint64 examId, const nlohmann::json &report);
    Result<nlohmann::json> validation(qint64 examId) const;
    Result<ExamProgress> progress() const;

private:
    // Items matching an SQL condition on exam_item, in id order.
    Result<QVector<ExamItem>> select(const QString &condition, const QVariantList &values) const;
    Database &m_db;
};

} // namespace assay

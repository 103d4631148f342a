#pragma once
// The Corpus page's Ground truth tab: which documents state each semantic group's fact. It
// shows how many groups have true documents, lists the links (from a links file or proposed
// automatically) for review, and offers Propose Links (a background job; links at or above the
// chosen confidence are accepted, the rest wait for review), Import Links File…, Accept and
// Reject. Every change is one undoable edit.
#include "core/job.h"
#include "grounding/groundlink.h"
#include "grounding/keytruth.h"
#include "grounding/linktiers.h"

#include <QHash>

#include <optional>

#include <QWidget>

#include <memory>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QTableView;

namespace assay {

class GroundLinksModel;
class LinkTierBar;
class Project;

class GroundTruthPanel : public QWidget {
    Q_OBJECT
public:
    explicit GroundTruthPanel(Project *project, QWidget *parent = nullptr);
    ~GroundTruthPanel() override;

    // What Propose Links starts; the links are written when it has finished.
    Job *startProposing();
    // What Import Links File… does after its file dialog (format from the file's suffix).
    Job *startImport(const QString &path);
    // Declares table.column a document key (match "id" or "name"), or removes the table's key
    // (match empty): the truth is computed in a job, then stored with the key in one command.
    // With claims (the user's choice of which keyed table claims a document named by rows of
    // several; table, column and match unused): the stored keys' truth computed again with them.
    Job *startKeying(const QString &table, const QString &column, const QString &match,
                     const std::optional<QHash<QString, QString>> &claims = std::nullopt);
    // What Key Claims… opens (shown once a key found documents named by two keyed tables): on
    // OK, startKeying with the claims chosen.
    class KeyClaimsDialog *openKeyClaims();
    QPushButton *keyClaimsButton() const { return m_keyClaims; }
    // Accept or reject the selected links (rows of the model).
    void setStateOfRows(const QList<int> &rows, bool accept);
    GroundLinksModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QString summaryText() const;
    QString messageText() const;
    void setMinimumConfidence(double c);
    // Spot-checked tiers (docs/METHODS.md §1.6.4): the tiers of the automatic links, the one
    // chosen, Check 20 at Random… (a SpotCheckDialog; its verdicts stored as one undoable edit
    // when it is finished) and Accept the Tier (one undoable edit, each link recording the
    // tier's estimate).
    QComboBox *tierBox() const;
    QString tierText() const;
    class SpotCheckDialog *openSpotCheck(quint32 seed);
    void storeVerdicts(const QString &tier, const QVector<GroundLink> &verdicts);
    void acceptTier();
    // What Absent Answers… opens (non-modal, deleted on close).
    class AbsentAnswersDialog *openAbsentAnswers();

signals:
    void jobStarted(assay::Job *job);
    void jobFinished(bool ok, const QString &message);

protected:
    // The columns fitted again once the view has its width (at construction it has none yet).
    void showEvent(QShowEvent *event) override;

private:
    void showSummary();
    void showTiers();
    std::optional<LinkTiers::Tier> currentTier() const; // the one chosen in the Tier box
    void updateButtons();
    void fitColumns();
    bool busy() const { return m_job && m_job->isRunning(); }
    Job *launch();                          // m_job announced, started; returned
    QString push(class CheckedCommand *command); // onto the undo stack; the refusal, or empty

    Project *m_project;
    GroundLinksModel *m_model;
    QTableView *m_view;
    QLabel *m_summary;
    class MessageBar *m_message;
    QDoubleSpinBox *m_minConfidence;
    QPushButton *m_propose;
    QPushButton *m_importFile;
    QPushButton *m_absentAnswers;
    QPushButton *m_keyClaims;
    QVector<KeyTruth::Outcome::Conflict> m_conflicts; // of the last keying
    bool m_conflictsKnown = false;                    // computed in this session
    QPushButton *m_accept;
    QPushButton *m_reject;
    LinkTierBar *m_tiers; // the tiers of evidence, Check 20 at Random… and Accept the Tier
    std::unique_ptr<Job> m_job;
};

} // namespace assay

#pragma once
// Proposes ground-truth links for the user's own documents (docs/methods.md, "Ground truth
// for your own documents"): a chunk is proposed as a true document of a semantic group when
// it states the group's answer together with its fill-in values, compared case-folded at word
// boundaries. The confidence says how close together they stand:
//   1.0  one sentence holds the answer and every fill-in value;
//   0.6 + 0.3·(share of values)  one sentence holds the answer and some of the values;
//   0.4  the chunk holds both, in different sentences;
//   0.3  a group without fill-in values whose answer the chunk states.
// A group without a link at the bar is searched again along its join path (PathFacts,
// docs/METHODS.md §1.6.6): 0.55 and 0.50 for a chunk stating the answer as a fact of its row.
// Answers of one or two characters (small counts, single letters) are never proposed: too
// many sentences hold them by chance. Measured against the demo's truth (docs/METHODS.md
// §1.6.1), links of 0.6 and above were all right, those of 0.4 six in seven; so 0.6 is the
// default minimum. Links at or above the minimum confidence are accepted,
// the rest wait for review; a group that already has true documents, and a pair that already
// has a link in any state (a rejected one included), is left alone.
#include "core/result.h"
#include "grounding/groundlink.h"

#include <QStringList>
#include <QVector>

namespace assay {

class Job;
class Project;

class AutoLinker {
public:
    struct Options {
        double minConfidence = 0.6;
        int candidatesPerGroup = 50; // chunks read per group: those holding more values first, then shorter
        // false: groups that have true documents are searched too (to measure the linker
        // against a known truth, as tst_groundtruth does with the demo's).
        bool onlyUngrounded = true;
        // Groups without a link at the bar searched along their join paths (PathFacts).
        bool joinPaths = true;
    };
    struct Proposals {
        QVector<GroundLink> links;
        qint64 groupsSearched = 0;
        qint64 groupsLinked = 0;
        // Why the join paths were not searched (the knowledge could not be read), or empty.
        QString joinPathsSkipped;
    };

    static Result<Proposals> propose(Project &project, const Options &options, Job *job = nullptr);
    // The confidence that `text` states a fact with this answer and these values (0: it does not).
    static double confidence(const QString &text, const QString &answer, const QStringList &values, QString *evidence = nullptr);
    // The same with other forms of the answer and of each value (the project's value aliases,
    // docs/METHODS.md §1.6.2): a form stated counts as its value stated. The first answer form
    // is the answer as stored.
    static double confidence(const QString &text, const QStringList &answerForms, const QVector<QStringList> &valueForms, QString *evidence = nullptr);
};

} // namespace assay

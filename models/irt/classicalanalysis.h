#pragma once
// Classical test theory per item, which needs no model and works with any number of students
// (the first thing curators look at; IRTPRO and the ITEMAN tradition report the same):
// - proportion correct among the students who answered;
// - corrected point-biserial: the correlation of the item's 0/1 score with the rest score
//   (the share correct on the student's other answered items, so missing cells do not count
//   as wrong);
// - distractor analysis: students split by their total share correct into thirds (low,
//   middle, high), and the share of each third choosing each option;
// - the discrimination index D = p(high) − p(low);
// - flags: negative discrimination (point-biserial < 0), and a distractor the high third
//   chooses more often than the key.
#include <QString>
#include <QStringList>
#include <QVector>
#include <QtNumeric>

#include <array>

namespace assay {

struct ClassicalItem {
    QString id;
    int key = 0;
    int answered = 0;
    double pCorrect = qQNaN();
    double pointBiserial = qQNaN(); // NaN when the item or the rest score does not vary
    double discrimination = qQNaN();
    std::array<std::array<double, 4>, 3> shares{}; // [low, middle, high][option]
    std::array<int, 3> groupSizes{};
    QStringList flags;
};

class ClassicalAnalysis {
public:
    // chosen[student][item]: the option chosen 0..3, or −1 unanswered; keys[item] 0..3.
    static QVector<ClassicalItem> analyse(const QStringList &items, const QVector<int> &keys, const QVector<QVector<int>> &chosen);
    static QString groupName(int group); // "low", "middle", "high"
};

} // namespace assay

#include "irt/irtguard.h"

namespace assay {

int IrtGuard::minimumStudents(IrtOptions::Model model)
{
    switch (model) {
    case IrtOptions::Model::OnePL: return 10;
    case IrtOptions::Model::TwoPL: return 20;
    case IrtOptions::Model::ThreePL: return 30;
    }
    return 30;
}

QString IrtGuard::warning(int students, int items, qint64 answers, IrtOptions::Model model, bool prior)
{
    const int perItem = model == IrtOptions::Model::ThreePL ? 3 : model == IrtOptions::Model::TwoPL ? 2 : 1;
    const qint64 parameters = qint64(items) * perItem + students;
    const QString name = model == IrtOptions::Model::ThreePL ? QStringLiteral("3PL") : model == IrtOptions::Model::TwoPL ? QStringLiteral("2PL") : QStringLiteral("1PL");
    const int minimum = minimumStudents(model);
    QString problem;
    if (students < minimum)
        problem = QStringLiteral("%1 students are too few for a %2 (at least %3): its item parameters are not identified and end on their bounds.")
                      .arg(students)
                      .arg(name)
                      .arg(minimum);
    else if (answers <= parameters)
        problem = QStringLiteral("%1 answers for %2 parameters of a %3: the fit is not identified.").arg(answers).arg(parameters).arg(name);
    if (problem.isEmpty())
        return {};
    QStringList instead;
    if (model == IrtOptions::Model::ThreePL && students >= minimumStudents(IrtOptions::Model::TwoPL))
        instead << QStringLiteral("fit a 2PL");
    if (model != IrtOptions::Model::OnePL && students >= minimumStudents(IrtOptions::Model::OnePL))
        instead << QStringLiteral("fit a 1PL");
    if (!prior)
        instead << QStringLiteral("turn on the priors");
    instead << QStringLiteral("read the classical item analysis (share correct, point-biserial, distractors), which needs no model");
    instead << QStringLiteral("or take the exam with more students");
    return problem + QStringLiteral(" Instead: ") + instead.join(QStringLiteral(", ")) + QLatin1Char('.');
}

} // namespace assay

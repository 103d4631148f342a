-- MySQL dump 10.13  Distrib 8.0.36, for Linux (x86_64)
/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!40101 SET NAMES utf8mb4 */;
SET FOREIGN_KEY_CHECKS=0;
DROP TABLE IF EXISTS `company`;
CREATE TABLE `company` (
  `Company_ID` int(11) NOT NULL AUTO_INCREMENT,
  `Name` varchar(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL COMMENT 'legal name',
  `Headquarters` varchar(50) DEFAULT NULL,
  `Industry` enum('Banking','Oil and gas','Retailing') DEFAULT 'Banking',
  `Sales_in_Billion` double(8,2) unsigned DEFAULT '0.00',
  `Updated` timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
  PRIMARY KEY (`Company_ID`) USING BTREE,
  UNIQUE KEY `name_unique` (`Name`),
  KEY `hq` (`Headquarters`)
) ENGINE=InnoDB AUTO_INCREMENT=4 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci COMMENT='companies';
LOCK TABLES `company` WRITE;
/*!40000 ALTER TABLE `company` DISABLE KEYS */;
INSERT INTO `company` VALUES (1,'ExxonMobil','USA','Oil and gas',433.50,'2024-01-01 00:00:00'),(2,'JPMorgan \'Chase\'','USA','Banking',110.80,'2024-01-01 00:00:00'),
(3,'Tesco \\ Stores\nLtd','UK','Retailing',95.20,'2024-01-01 00:00:00');
/*!40000 ALTER TABLE `company` ENABLE KEYS */;
UNLOCK TABLES;
# employees
CREATE TABLE `people` (
  `People_ID` int unsigned NOT NULL,
  `Nm` varchar(60) NOT NULL,
  `Age` tinyint(3) DEFAULT NULL,
  PRIMARY KEY (`People_ID`)
) ENGINE=MyISAM;
ALTER TABLE `people` CHANGE COLUMN `Nm` `Name` varchar(80) NOT NULL, ADD COLUMN `Nationality` varchar(40) DEFAULT 'Unknown' AFTER `Age`;
CREATE TABLE `employment` (
  `Company_ID` int(11) NOT NULL,
  `People_ID` int(11) NOT NULL,
  `Year_working` int(11) DEFAULT NULL,
  PRIMARY KEY (`Company_ID`,`People_ID`),
  KEY `fk_people` (`People_ID`)
) ENGINE=InnoDB;
ALTER TABLE `employment` ADD CONSTRAINT `fk_company` FOREIGN KEY (`Company_ID`) REFERENCES `company` (`Company_ID`) ON DELETE CASCADE,
  ADD CONSTRAINT `fk_people` FOREIGN KEY (`People_ID`) REFERENCES `people` (`People_ID`);
INSERT IGNORE INTO `people` (`People_ID`,`Name`,`Age`,`Nationality`) VALUES (1,'Ann \"Jo\" Lee',35,'USA'),(2,'Bo',NULL,'UK');
INSERT INTO `employment` VALUES (1,1,5),(3,2,2);
CREATE ALGORITHM=UNDEFINED DEFINER=`root`@`localhost` SQL SECURITY DEFINER VIEW `v` AS select 1;

<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="hex_pointy" tilewidth="28" tileheight="32" tilecount="20" columns="5">
 <image source="hex_pointy.png" width="140" height="128"/>
 <tile id="0" type="terrain">
  <properties>
   <property name="terrain" type="string" value="grass"/>
   <property name="move_cost" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="1" type="terrain">
  <properties>
   <property name="terrain" type="string" value="forest"/>
   <property name="move_cost" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="2" type="terrain">
  <properties>
   <property name="terrain" type="string" value="hills"/>
   <property name="move_cost" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="3" type="terrain">
  <properties>
   <property name="terrain" type="string" value="water"/>
   <property name="water" type="bool" value="true"/>
   <property name="move_cost" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="4" type="terrain">
  <properties>
   <property name="terrain" type="string" value="sand"/>
   <property name="move_cost" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="5" type="terrain">
  <properties>
   <property name="terrain" type="string" value="stone_floor"/>
   <property name="move_cost" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="6" type="terrain">
  <properties>
   <property name="terrain" type="string" value="mountain"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="7" type="terrain">
  <properties>
   <property name="terrain" type="string" value="marsh"/>
   <property name="move_cost" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="8" type="terrain">
  <properties>
   <property name="terrain" type="string" value="deep_water"/>
   <property name="water" type="bool" value="true"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="9" type="terrain">
  <properties>
   <property name="terrain" type="string" value="wall"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="10" type="terrain">
  <properties>
   <property name="terrain" type="string" value="boulders"/>
   <property name="cover" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="11" type="terrain">
  <properties>
   <property name="terrain" type="string" value="low_wall"/>
   <property name="cover" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="12" type="terrain">
  <properties>
   <property name="terrain" type="string" value="thicket"/>
   <property name="conceal" type="int" value="1"/>
   <property name="move_cost" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="13" type="terrain">
  <properties>
   <property name="conceal" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="14" type="terrain">
  <properties>
   <property name="dark" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="15" type="terrain">
  <properties>
   <property name="terrain" type="string" value="rubble"/>
   <property name="move_cost" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="16" type="terrain">
  <properties>
   <property name="terrain" type="string" value="shallows"/>
   <property name="water" type="bool" value="true"/>
   <property name="move_cost" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="17" type="terrain">
  <properties>
   <property name="terrain" type="string" value="tree"/>
   <property name="solid" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="18" type="terrain">
  <properties>
   <property name="terrain" type="string" value="bridge"/>
   <property name="water" type="bool" value="false"/>
   <property name="move_cost" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="19" type="terrain">
  <properties>
   <property name="terrain" type="string" value="dirt"/>
   <property name="move_cost" type="int" value="1"/>
  </properties>
 </tile>
</tileset>
